import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords are stored as `scrypt$N$r$p$salt$hash` (base64) and compared in constant time.
// They are never logged or echoed: callers only ever see true or false. As on njudge and
// DPjudge, passwords are not case-sensitive (players type them from memory on many clients).
//
// A right password is remembered, so a player's next mails with it cost no scrypt (one of the
// judge's largest costs: ~40 ms of CPU at the default N on the project's machine, and a player
// sends several mails a phase). What is kept is an HMAC of the stored hash and the password
// under a random key of this process, never the password, and only for checks that succeeded: a
// wrong password always costs the whole scrypt (and the guessing caps, password-checks.ts), and a
// new password (a new hash, with a new salt) matches nothing remembered for the old one.

/** scrypt's cost N for new hashes. Tests pass a lower one (stored with the hash, so checks still work). */
export const DEFAULT_PASSWORD_COST = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** scrypt's key of a password (normalized and lower-cased, as every check reads it) for the hash's salt, N, r and p. */
export function scryptKey(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC').toLowerCase(), salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptKey(password, salt, cost, R, P);
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Derives scrypt's key of a password, as stored in a hash (its N, r, p and salt). */
export type PasswordDerivation = (password: string, salt: Buffer, n: number, r: number, p: number) => Promise<Buffer>;

/** Right passwords remembered per process: a few per active player of a busy judge. */
const VERIFIED_KEPT = 4096;

/**
 * Checks passwords against stored hashes, remembering the `kept` most recent right ones (see the
 * top of this file). `derivation` is scryptKey; tests count its calls.
 */
export function passwordVerifier(
  derivation: PasswordDerivation = scryptKey,
  kept = VERIFIED_KEPT,
): (password: string, stored: string | null) => Promise<boolean> {
  const secret = randomBytes(32);
  /** HMAC of a right check → nothing; a Map keeps insertion order, so the oldest goes first. */
  const verified = new Map<string, true>();
  return async (password, stored) => {
    if (stored === null) return false;
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const remembered = createHmac('sha256', secret).update(stored).update('\0').update(password.normalize('NFC').toLowerCase()).digest('base64');
    if (verified.delete(remembered)) {
      verified.set(remembered, true);
      return true;
    }
    const [, n, r, p, salt, hash] = parts;
    const expected = Buffer.from(hash!, 'base64');
    const actual = await derivation(password, Buffer.from(salt!, 'base64'), Number(n), Number(r), Number(p));
    const matches = actual.length === expected.length && timingSafeEqual(actual, expected);
    if (matches) {
      verified.set(remembered, true);
      if (verified.size > kept) verified.delete(verified.keys().next().value!);
    }
    return matches;
  };
}

export const verifyPassword = passwordVerifier();

/** A password the judge makes for a seat it hands over (the Master's replacement): 12 letters and digits, without the ones easily misread (0/O, 1/l/I). */
export function freshPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
