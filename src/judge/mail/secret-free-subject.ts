import { MASK, redactLine } from '../../commands/index.ts';
import type { InboundMail } from './inbound-mail.ts';

// A Subject is copied into the reply's subject and into the record of the mail, so a password
// written there must not be: players write `SIGNON Fgame secret` as a subject too, or repeat the
// body's password in it. The subject's own password positions are masked as a body line's are,
// and every word the body uses as a password is masked wherever it stands in the subject.

/** The mail with a subject safe to store and to echo. */
export function withSecretFreeSubject(mail: InboundMail): InboundMail {
  const subject = secretFreeSubject(mail.subject, mail.text);
  return subject === mail.subject ? mail : { ...mail, subject };
}

export function secretFreeSubject(subject: string, body: string): string {
  if (subject === '') return subject;
  const secrets = new Set<string>();
  for (const line of body.split('\n')) for (const word of maskedWords(line)) secrets.add(word.toLowerCase());
  // The subject's own command, after any Re:/Fwd: prefixes.
  const prefix = /^(?:\s*(?:re|fwd?|aw|sv)\s*(?:\[\d+\])?\s*:\s*)*/i.exec(subject)![0];
  const own = subject.slice(prefix.length);
  for (const word of maskedWords(own)) secrets.add(word.toLowerCase());
  if (secrets.size === 0) return subject;
  return (
    subject
      .split(/(\s+)/)
      // A subject word that holds a body password, or is a long part of one (a password the mailer glued to other text), is masked.
      .map((word) => {
        const lower = word.toLowerCase();
        const hidden =
          secrets.has(lower) || [...secrets].some((secret) => (secret.length >= 3 && lower.includes(secret)) || (lower.length >= 6 && secret.includes(lower)));
        return hidden ? MASK : word;
      })
      .join('')
  );
}

/** The words of a command line that redactLine masks: the line's passwords. */
function maskedWords(whole: string): string[] {
  // A command and its password stand at the start of a line: of a huge line (a password glued to
  // undecodable text, fuzz seed 20261125 mail 912) the start is read, not the whole.
  const line = whole.length > 1000 ? whole.slice(0, 1000) : whole;
  if (!/\S/.test(line)) return [];
  const redacted = redactLine(line);
  if (!redacted.includes(MASK)) return [];
  const original = line.trim().split(/\s+/);
  const shown = redacted.split(/\s+/);
  if (original.length !== shown.length) return original.filter((word) => !shown.includes(word));
  return original.filter((word, index) => shown[index] === MASK && word !== MASK);
}
