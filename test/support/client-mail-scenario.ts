import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { eml } from '../judge/mail-builder.ts';

// One game played from ordinary mail clients, for the end-to-end tests that drive it through a
// whole judge process: `dipjudge receive`, `serve` on its spool, `serve` on IMAP and SMTP
// (test/daemon/client-mails-end-to-end.test.ts). The players' mails are the .eml files of
// test/fixtures/mail/clients, written as Gmail, Outlook, Apple Mail, Thunderbird and an
// HTML-only webmail send them (multipart/alternative, quoted-printable, base64, Windows-1252,
// format=flowed, quote headers, sign-offs, "Sent from my iPhone"). Everything is checked on the
// mails the judge sent back: what a player would see.

/** A mail the judge sent: its recipients (the SMTP envelope where there is one), subject and text. */
export interface SentMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

/** Hands one mail to the judge and returns what it sent in answer (replies and notices alike). */
export type Deliver = (raw: string | Buffer) => Promise<readonly SentMail[]>;

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'mail', 'clients');

export function clientFixture(name: string): Promise<Buffer> {
  return readFile(path.join(FIXTURES, `${name}.eml`));
}

const FRANCE = 'france@players.example';
const OFFICE = 'france.buero@office.example';
const POWERS = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'] as const;

/**
 * The one mail to `to` (with `subject` in its subject); `words` is its text with every run of
 * white space made one space, since what is sent is wrapped at 76 columns and what is stored is not.
 */
function only(mails: readonly SentMail[], to: string, subject?: string): SentMail & { readonly words: string } {
  const found = mails.filter((mail) => mail.to.includes(to) && (subject === undefined || mail.subject.includes(subject)));
  expect(
    found.map((mail) => mail.subject),
    `mails to ${to}`,
  ).toHaveLength(1);
  return { ...found[0]!, words: found[0]!.text.replace(/\s+/g, ' ') };
}

/**
 * The game's setup (CREATE, OBSERVE, seven JOINs, each player asking for their own power with
 * SET PREFERENCE so the seats are known), written as plain mails; `setup` may hand them over faster than `deliver`.
 */
export function setupMails(): string[] {
  return [
    eml({ from: 'gm@players.example', subject: 'new game', messageId: '<setup-create@players.example>' }, 'CREATE demo gmpass\nFORM'),
    eml({ from: 'watcher@players.example', subject: 'watching', messageId: '<setup-observe@players.example>' }, 'OBSERVE demo opwd'),
    ...POWERS.map((power) =>
      // The last JOIN starts the game, so Turkey's player needs no preference: Turkey is what is left.
      eml(
        { from: `${power}@players.example`, subject: 'joining', messageId: `<setup-join-${power}@players.example>` },
        `JOIN demo ${power === 'france' ? 'frpass' : `${power}pw`}${power === 'turkey' ? '' : `\nSET PREFERENCE ${power.charAt(0).toUpperCase()}`}`,
      ),
    ),
  ];
}

/** Checks what the setup mails were answered with (all of them, in the order sent). */
export function expectSetupAnswers(sent: readonly SentMail[]): void {
  // njudge's subjects: the game named in the replies to CREATE, OBSERVE and JOIN, its phase once it has one.
  expect(only(sent, 'gm@players.example', 'Re:').subject).toBe('Re: DIP:demo new game');
  expect(only(sent, 'watcher@players.example', 'Re:').subject).toBe('Re: DIP:demo watching');
  expect(only(sent, 'austria@players.example', 'Re:').subject).toBe('Re: DIP:demo joining');
  expect(only(sent, 'turkey@players.example', 'Re:').subject).toBe('Re: DIP:demo - S1901M joining');
  const start = only(sent, 'watcher@players.example', 'Game starting');
  expect(start.subject).toBe('DIP:demo - S1901M Game starting');
  expect(start.text).not.toMatch(/@players\.example/);
  expect(only(sent, FRANCE, 'Game starting').text).toMatch(/France/);
}

/** The players' client mails, one by one, each checked on what came back. */
export async function playClientMails(deliver: Deliver): Promise<void> {
  // Gmail: multipart/alternative, UTF-8 quoted-printable, "Thanks, Bob" and "On … wrote:" wrapped over two lines.
  let sent = await deliver(await clientFixture('gmail-orders-thanks'));
  let reply = only(sent, FRANCE);
  expect(reply.subject).toBe('Re: DIP:demo - S1901M orders');
  expect(reply.text).toContain('France: Army Paris -> Burgundy.');
  expect(reply.text).toContain('France: Fleet Brest -> Mid-Atlantic Ocean.');
  expect(reply.words).toMatch(/Lines 6-7 read as a greeting or signature, not as commands, and were ignored\./);
  expect(reply.text).not.toMatch(/error|nothing in this block/i);

  // Outlook: Windows-1252 quoted-printable ("Here’s" at 0x92), a greeting, "-----Original Message-----".
  sent = await deliver(await clientFixture('outlook-1252-original-message'));
  reply = only(sent, FRANCE);
  expect(reply.subject).toBe('Re: DIP:demo - S1901M orders');
  expect(reply.text).toContain('France: Fleet Brest -> English Channel.');
  expect(reply.words).toMatch(/Lines 1, 7 read as a greeting or signature/);
  expect(reply.text).not.toMatch(/error|nothing in this block/i);

  // LIST, SUMMARY and HISTORY without a game name after SIGNON read the signed-on game (njudge), never "Which game?".
  sent = await deliver(eml({ from: `Bob Smith <${FRANCE}>`, subject: 'where are we' }, 'SIGNON Fdemo frpass\nLIST\nSUMMARY\nHISTORY\nSIGNOFF'));
  reply = only(sent, FRANCE);
  expect(reply.subject).toBe('Re: DIP:demo - S1901M where are we');
  expect(reply.words).not.toMatch(/Which game|error/i);
  expect(reply.words).toMatch(/The parameters for 'demo'/);
  expect(reply.words).toMatch(/The game goes on\./);
  expect(reply.words).toMatch(/Game 'demo' has no history yet\./);

  // Apple Mail from an iPhone with a misspelt province: the block is refused, and the reply says
  // so first and then what stands, never that the refused orders will be processed.
  sent = await deliver(await clientFixture('iphone-wrong-order'));
  reply = only(sent, FRANCE);
  expect(reply.subject).toBe('Re: [Error Flag] DIP:demo - S1901M orders');
  expect(reply.words).toMatch(/Nothing in this block was done, because of this error: Line 2: A Pra - Bur /);
  const standing = reply.text.slice(reply.text.indexOf('Nothing in this block was done'));
  expect(standing).toContain('France: Fleet Brest -> English Channel.');
  expect(standing).not.toContain('Mid-Atlantic Ocean');
  expect(reply.words).not.toMatch(/will be processed|orders have been (accepted|received)/i);

  // Thunderbird, format=flowed, press above the orders and a `-- ` signature: the press reaches England.
  sent = await deliver(await clientFixture('thunderbird-flowed-press'));
  reply = only(sent, FRANCE, 'Re:');
  expect(reply.text).toContain('France: Fleet Brest -> Picardy.');
  expect(reply.text).not.toMatch(/error/i);
  const press = only(sent, 'england@players.example', 'Press from F to E');
  expect(press.subject).toBe('DIP:demo - S1901M Press from F to E');
  expect(press.text).toContain('Shall we keep the Channel empty this year?');
  expect(press.text).not.toMatch(/Bob Smith|dipjudge wrote/);

  // HTML-only webmail in base64 (German quote header, "Grüße Klaus"): SET ADDRESS a,b. The new
  // address gets a code and nothing else until it sends it back.
  sent = await deliver(await clientFixture('webmail-html-base64-set-address'));
  reply = only(sent, FRANCE);
  expect(reply.subject).toBe('Re: DIP:demo - S1901M orders');
  expect(reply.words).toContain(`A code was mailed to ${OFFICE}.`);
  expect(reply.words).toContain(`Until then it goes only to ${FRANCE}.`);
  const codeMail = only(sent, OFFICE);
  const code = /CONFIRM ADDRESS ([A-Z0-9]{10})/.exec(codeMail.words)![1]!;
  expect(codeMail.subject).toBe(`DIP:demo confirm address ${code}`);
  expect(codeMail.text).not.toMatch(/France|frpass/);

  // The office replies from Outlook, quoting the code mail: from now on it gets a copy of France's mail.
  const quote = codeMail.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  sent = await deliver(
    eml(
      { from: `Klaus Weber <${OFFICE}>`, subject: `RE: ${codeMail.subject}`, headers: { 'X-Mailer': 'Microsoft Outlook 16.0' } },
      `Yes, that was me.\n\n-----Original Message-----\n${quote}`,
    ),
  );
  expect(only(sent, OFFICE).words).toContain(`Mail for you in game 'demo' now goes to ${FRANCE} and ${OFFICE}.`);

  // England's press to France now reaches both of France's addresses, each its own copy.
  sent = await deliver(
    eml({ from: 'england@players.example', subject: 'to France' }, 'SIGNON Edemo englandpw\nPRESS TO F\nAgreed: no fleet in the Channel.\nENDPRESS'),
  );
  const copies = sent.filter((mail) => mail.subject === 'DIP:demo - S1901M Press from E to F');
  expect(copies.flatMap((mail) => mail.to).sort()).toEqual([OFFICE, FRANCE].sort());
  for (const copy of copies) expect(copy.text).toContain('Agreed: no fleet in the Channel.');
}
