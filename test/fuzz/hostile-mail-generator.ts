import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

// Hostile mails for the fuzz test: mutations of real mails, random headers, every transfer
// encoding and some charsets, NULs and lone surrogates, deep MIME nesting, huge lines, loops and
// forged reply addresses; and the abuse of issue 25: header values and names of thousands of
// characters, game names that long, one command a thousand times, press bombs, junk Message-IDs.
// Each mail comes with the passwords it carries, which must never come back in a reply, a record or
// a log line.

export interface HostileMail {
  readonly raw: Buffer;
  /** Passwords written in the mail (in password positions, and perhaps in the Subject). */
  readonly secrets: readonly string[];
  /** What the generator did, for a failure report. */
  readonly recipe: string;
  /** Set when no other mail has its bytes: the judge must never drop it as a duplicate (a junk Message-ID is no id). */
  readonly unique?: boolean;
}

export const JUDGE_ADDRESS = 'judge@judge.example';
/**
 * Stands for a Message-ID of its own in a generated mail; the runner replaces it, wherever it is
 * (fast-check's bias towards small values would otherwise hand out the same ids again and again).
 */
export const UNIQUE_ID = '<unique-placeholder@players.example>';
/** Passwords have this shape so any that leaks is found by one regular expression. */
export const SECRET_PATTERN = /zqpw[a-z]{8}/g;

const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'mail');
const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.eml'))
  .map((name) => readFileSync(path.join(FIXTURE_DIR, name)));

const secretArb = fc.stringMatching(/^[a-z]{8}$/).map((s) => `zqpw${s}`);
const senderArb = fc.integer({ min: 0, max: 40 }).map((n) => `p${n}@players.example`);
const gameArb = fc.constantFrom('demo', 'other', 'nosuch', 'g1');

/** A body of commands; `secrets` collects the passwords it writes. */
const bodyArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('LIST', 'HELP', 'LIST demo', 'HISTORY demo', 'SUMMARY demo', 'GET DEDICATION', 'INFO PLAYER p1@players.example', 'LIST VARIANTS'),
      fc.tuple(gameArb, secretArb).map(([game, pw]) => ({ text: `SIGNON F${game} ${pw}\nA PAR - BUR\nF BRE - MAO\nSET WAIT`, pw })),
      fc.tuple(gameArb, secretArb).map(([game, pw]) => ({ text: `JOIN ${game} ${pw}`, pw })),
      fc.tuple(gameArb, secretArb).map(([game, pw]) => ({ text: `OBSERVE ${game} ${pw}`, pw })),
      fc.tuple(fc.integer({ min: 0, max: 30 }), secretArb).map(([n, pw]) => ({ text: `CREATE f${n} ${pw}\nFORM`, pw })),
      fc.tuple(secretArb, secretArb).map(([pw, next]) => ({ text: `SIGNON Fdemo ${pw}\nSET PASSWORD ${next}`, pw: [pw, next] })),
      fc.constantFrom('PRESS TO ALL\nhello everyone\nENDPRESS', 'SIGNOFF', '-- \nsig', '> quoted SIGNON Fdemo old', 'A Par - Bur'),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 200 }),
    ),
    { minLength: 0, maxLength: 8 },
  )
  .map((parts) => {
    const secrets: string[] = [];
    const lines = parts.map((part) => {
      if (typeof part === 'string') return part;
      secrets.push(...(Array.isArray(part.pw) ? part.pw : [part.pw]));
      return part.text;
    });
    return { text: lines.join('\n'), secrets };
  });

const headerNameArb = fc.oneof(
  fc.constantFrom('X-Random', 'Comments', 'Keywords', 'Received', 'X-Mailer', 'Cc', 'To', 'Sender', 'In-Reply-To', 'References'),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
);
const headerValueArb = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constant('\0'),
  fc.constant('=?utf-8?B?7aCA?='),
  fc.constant('=?utf-8?Q?a=00b?='),
);

const automationArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant<[string, string][]>([]) },
  fc.constantFrom<[string, string][]>(
    [['Auto-Submitted', 'auto-replied']],
    [['Precedence', 'bulk']],
    [['List-Id', '<list.example>']],
    [['X-Loop', JUDGE_ADDRESS]],
    [['Return-Path', '<>']],
    [['X-Autoreply', 'yes']],
  ),
);

const replyArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
  fc.constantFrom<[string, string][]>(
    [['Reply-To', 'victim@players.example']],
    [['Resent-From', 'victim@players.example']],
    [['Reply-To', JUDGE_ADDRESS]],
    [['Reply-To', 'not an address']],
  ),
);

const fromArb = fc.oneof(
  { weight: 60, arbitrary: senderArb.map((a) => `Player <${a}>`) },
  fc.constant(''),
  fc.constant('nobody'),
  fc.constant(`Judge <${JUDGE_ADDRESS}>`),
  fc.constant('MAILER-DAEMON@players.example'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('=?utf-8?B?AAAA?= <nul@players.example>'),
);

/** Message-IDs that are no ids (issue 25): different senders' must never count as one mail. */
const JUNK_IDS = ['<>', '<   >', 'not-an-id', '<esc\x1b[31m@players.example>', '<a@b> <c@d>', '<no-at-sign>'];

const messageIdArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant(UNIQUE_ID) },
  fc.constant(null),
  fc.constantFrom('<dup-1@players.example>', '<dup-2@players.example>'),
  fc.constant('<nul\0id@players.example>'),
  fc.constantFrom(...JUNK_IDS),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

type Encoding = '7bit' | '8bit' | 'quoted-printable' | 'base64' | 'utf-16' | 'unknown-charset' | 'latin1';
const encodingArb = fc.constantFrom<Encoding>('7bit', '8bit', 'quoted-printable', 'base64', 'utf-16', 'unknown-charset', 'latin1');

function encodeBody(text: string, encoding: Encoding, nuls: boolean): { headers: [string, string][]; body: Buffer } {
  const withNuls = nuls ? text.replace(/\n/g, '\0\n') : text;
  switch (encoding) {
    case '7bit':
      return { headers: [['Content-Type', 'text/plain; charset=us-ascii']], body: Buffer.from(withNuls, 'utf8') };
    case '8bit':
      return {
        headers: [
          ['Content-Type', 'text/plain; charset=utf-8'],
          ['Content-Transfer-Encoding', '8bit'],
        ],
        body: Buffer.from(withNuls, 'utf8'),
      };
    case 'latin1':
      return {
        headers: [
          ['Content-Type', 'text/plain; charset=iso-8859-1'],
          ['Content-Transfer-Encoding', '8bit'],
        ],
        body: Buffer.from(withNuls, 'latin1'),
      };
    case 'quoted-printable': {
      const qp = [...Buffer.from(withNuls, 'utf8')]
        .map((b) => (b === 10 ? '\n' : b >= 33 && b <= 126 && b !== 61 ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`))
        .join('');
      return {
        headers: [
          ['Content-Type', 'text/plain; charset=utf-8'],
          ['Content-Transfer-Encoding', 'quoted-printable'],
        ],
        body: Buffer.from(qp),
      };
    }
    case 'base64':
      return {
        headers: [
          ['Content-Type', 'text/plain; charset=utf-8'],
          ['Content-Transfer-Encoding', 'base64'],
        ],
        body: Buffer.from(Buffer.from(withNuls, 'utf8').toString('base64').replace(/.{76}/g, '$&\n')),
      };
    case 'utf-16':
      return {
        headers: [
          ['Content-Type', 'text/plain; charset=utf-16le'],
          ['Content-Transfer-Encoding', 'base64'],
        ],
        body: Buffer.from(Buffer.from(withNuls, 'utf16le').toString('base64').replace(/.{76}/g, '$&\n')),
      };
    case 'unknown-charset':
      return { headers: [['Content-Type', 'text/plain; charset=x-no-such-charset']], body: Buffer.from(withNuls, 'utf8') };
  }
}

type Shape = { kind: 'plain' } | { kind: 'alternative' } | { kind: 'nested'; depth: number } | { kind: 'huge-line'; bytes: number };
const shapeArb = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Shape>({ kind: 'plain' }) },
  { weight: 2, arbitrary: fc.constant<Shape>({ kind: 'alternative' }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 1000, max: 1300 })).map<Shape>((depth) => ({ kind: 'nested', depth })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer({ min: 10_000, max: 100_000 }), fc.integer({ min: 250_000, max: 400_000 }))
      .map<Shape>((bytes) => ({ kind: 'huge-line', bytes })),
  },
);

function shaped(shape: Shape, part: { headers: [string, string][]; body: Buffer }): { headers: [string, string][]; body: Buffer } {
  const partText = (h: [string, string][], b: Buffer) => Buffer.concat([Buffer.from(`${h.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`), b]);
  switch (shape.kind) {
    case 'plain':
      return part;
    case 'huge-line':
      return { headers: part.headers, body: Buffer.concat([part.body, Buffer.from(`\n${'x'.repeat(shape.bytes)}\n`)]) };
    case 'alternative':
      return {
        headers: [['Content-Type', 'multipart/alternative; boundary=alt']],
        body: Buffer.concat([
          Buffer.from('--alt\r\n'),
          partText(part.headers, part.body),
          Buffer.from('\r\n--alt\r\nContent-Type: text/html\r\n\r\n<p>LIST<br>HELP</p>\r\n--alt--\r\n'),
        ]),
      };
    case 'nested': {
      let open = '';
      for (let i = 0; i < shape.depth; i++) open += `--n${i}\r\nContent-Type: multipart/mixed; boundary=n${i + 1}\r\n\r\n`;
      return {
        headers: [['Content-Type', 'multipart/mixed; boundary=n0']],
        body: Buffer.concat([Buffer.from(`${open}--n${shape.depth}\r\n`), partText(part.headers, part.body), Buffer.from(`\r\n--n${shape.depth}--\r\n`)]),
      };
    }
  }
}

const subjectArb = (secrets: readonly string[]) =>
  fc.oneof(
    fc.constantFrom('orders', '', 'Re: orders', '=?utf-8?B?aGkAdGhlcmU=?=', '=?utf-8?B?7aCAQQ==?=', 'a\0b', '=?x-unknown?Q?=FF=FE?='),
    fc.string({ maxLength: 80 }),
    ...(secrets.length > 0 ? [fc.constantFrom(`SIGNON Fdemo ${secrets[0]}`, `my password is ${secrets[0]}`, `Re: JOIN demo ${secrets[0]}`)] : []),
  );

/** A mail assembled from generated parts. */
const assembledArb: fc.Arbitrary<HostileMail> = bodyArb.chain(({ text, secrets }) =>
  fc
    .record({
      from: fromArb,
      subject: subjectArb(secrets),
      messageId: messageIdArb,
      encoding: encodingArb,
      nuls: fc.boolean(),
      shape: shapeArb,
      automation: automationArb,
      reply: replyArb,
      extra: fc.array(fc.tuple(headerNameArb, headerValueArb), { maxLength: 4 }),
      rawNulHeader: fc.boolean(),
    })
    .map((r) => {
      const part = shaped(r.shape, encodeBody(text, r.encoding, r.nuls));
      const headers: [string, string][] = [
        ...(r.from === '' ? [] : [['From', r.from] as [string, string]]),
        ['To', JUDGE_ADDRESS],
        ['Subject', r.subject],
        ...(r.messageId === null ? [] : [['Message-ID', r.messageId] as [string, string]]),
        ['Date', 'Sat, 21 Nov 2026 12:00:00 +0000'],
        ['MIME-Version', '1.0'],
        ...r.automation,
        ...r.reply,
        ...r.extra,
        ...(r.rawNulHeader ? [['X-Nul', 'a\0b'] as [string, string]] : []),
        ...part.headers,
      ];
      const head = headers.map(([k, v]) => `${k}: ${v}\r\n`).join('');
      const raw = Buffer.concat([Buffer.from(head, r.rawNulHeader || /[^\x00-\x7f]/.test(head) ? 'utf8' : 'latin1'), Buffer.from('\r\n'), part.body]);
      return {
        raw,
        secrets,
        recipe: `assembled ${r.encoding}${r.nuls ? '+NUL' : ''} ${r.shape.kind}${'depth' in r.shape ? `(${r.shape.depth})` : ''}${'bytes' in r.shape ? `(${r.shape.bytes})` : ''}`,
      };
    }),
);

/** A real mail with bytes flipped, inserted, cut or duplicated. */
const mutatedArb: fc.Arbitrary<HostileMail> = fc
  .record({
    fixture: fc.integer({ min: 0, max: FIXTURES.length - 1 }),
    edits: fc.array(
      fc.record({
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        kind: fc.constantFrom('flip', 'insert', 'cut', 'nul', 'dup-line'),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      { minLength: 1, maxLength: 10 },
    ),
  })
  .map(({ fixture, edits }) => {
    let bytes = Buffer.from(FIXTURES[fixture]!);
    for (const edit of edits) {
      const at = Math.min(bytes.length - 1, Math.floor(edit.at * bytes.length));
      if (at < 0) break;
      if (edit.kind === 'flip') bytes[at] = edit.byte;
      else if (edit.kind === 'nul') bytes[at] = 0;
      else if (edit.kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([edit.byte]), bytes.subarray(at)]);
      else if (edit.kind === 'cut') bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + 1 + edit.byte))]);
      else {
        const end = bytes.indexOf(10, at);
        const line = bytes.subarray(bytes.lastIndexOf(10, at) + 1, end < 0 ? bytes.length : end + 1);
        bytes = Buffer.concat([bytes.subarray(0, at), line, bytes.subarray(at)]);
      }
    }
    // The fixtures' own password ("secret") is not one of ours: it is not checked.
    return { raw: bytes, secrets: [], recipe: `mutated fixture ${fixture} (${edits.map((e) => e.kind).join(',')})` };
  });

/** `length` characters no compression shortens (PostgreSQL compresses a repeated letter into any index row). */
function incompressible(length: number, seed: number): string {
  let text = '';
  for (let block = 0; text.length < length; block++) text += createHash('sha256').update(`${seed}:${block}`).digest('hex');
  return text.slice(0, length);
}

/** The Master's password of the fuzz run's game (fuzz-judge.ts sets it up): press bombs sign on with it. */
export const FUZZ_MASTER_PASSWORD = 'zqpwmastersx';

type Abuse =
  | { kind: 'long-header'; header: 'Message-ID' | 'From' | 'Reply-To' | 'Resent-From' | 'Subject' | 'References'; length: number }
  | { kind: 'long-header-name'; length: number }
  | { kind: 'long-game-name'; opener: 'SIGNON F' | 'JOIN ' | 'CREATE ' | 'OBSERVE x@'; length: number }
  | { kind: 'flood'; line: string; times: number }
  | { kind: 'press-bomb'; blocks: number }
  | { kind: 'junk-id'; id: string };

const abuseArb: fc.Arbitrary<Abuse> = fc.oneof(
  fc.record({
    kind: fc.constant('long-header' as const),
    header: fc.constantFrom('Message-ID' as const, 'From' as const, 'Reply-To' as const, 'Resent-From' as const, 'Subject' as const, 'References' as const),
    length: fc.integer({ min: 2_000, max: 9_000 }),
  }),
  fc.record({ kind: fc.constant('long-header-name' as const), length: fc.integer({ min: 1_000, max: 5_000 }) }),
  fc.record({
    kind: fc.constant('long-game-name' as const),
    opener: fc.constantFrom('SIGNON F' as const, 'JOIN ' as const, 'CREATE ' as const, 'OBSERVE x@' as const),
    length: fc.integer({ min: 65, max: 6_000 }),
  }),
  fc.record({
    kind: fc.constant('flood' as const),
    line: fc.constantFrom('LIST', 'LIST demo', 'HISTORY demo', 'SUMMARY demo', 'HELP', 'SIGNON Fdemo zqpwfloodxxx', 'JOIN demo zqpwfloodxxx', 'A PAR - BUR'),
    times: fc.integer({ min: 20, max: 300 }),
  }),
  fc.record({ kind: fc.constant('press-bomb' as const), blocks: fc.integer({ min: 5, max: 100 }) }),
  fc.record({ kind: fc.constant('junk-id' as const), id: fc.constantFrom(...JUNK_IDS) }),
);

/** A mail of issue 25's shapes, from one of 41 senders (the hourly limit lets most through). */
const abusiveArb: fc.Arbitrary<HostileMail> = fc.tuple(abuseArb, senderArb, fc.integer({ min: 0, max: 1_000_000 })).map(([abuse, sender, seed]) => {
  const long = (length: number) => incompressible(length, seed);
  const headers: [string, string][] = [
    ['From', `Player <${sender}>`],
    ['To', JUDGE_ADDRESS],
    ['Subject', 'abuse'],
    ['Message-ID', UNIQUE_ID],
    ['Date', 'Sat, 21 Nov 2026 12:00:00 +0000'],
    // Makes the mail's bytes its own, whatever its Message-ID.
    ['X-Fuzz-Mail', UNIQUE_ID],
  ];
  const set = (name: string, value: string) => {
    const at = headers.findIndex(([key]) => key === name);
    if (at >= 0) headers[at] = [name, value];
    else headers.push([name, value]);
  };
  let body = 'LIST';
  const secrets: string[] = [];
  switch (abuse.kind) {
    case 'long-header':
      if (abuse.header === 'Message-ID' || abuse.header === 'References') set(abuse.header, `<${long(abuse.length)}@players.example>`);
      else if (abuse.header === 'Subject') set('Subject', long(abuse.length));
      else set(abuse.header, `<${long(abuse.length)}@players.example>`);
      break;
    case 'long-header-name':
      set(`X-${long(abuse.length)}`, 'value');
      break;
    case 'long-game-name':
      body = `${abuse.opener}${long(abuse.length)} zqpwlongname`;
      secrets.push('zqpwlongname');
      break;
    case 'flood':
      body = `${abuse.line}\n`.repeat(abuse.times);
      if (abuse.line.includes('zqpw')) secrets.push('zqpwfloodxxx');
      break;
    case 'press-bomb':
      body = `SIGNON Mdemo ${FUZZ_MASTER_PASSWORD}\n${Array.from({ length: abuse.blocks }, (_, i) => `PRESS TO ALL\nbomb ${i}\nENDPRESS`).join('\n')}`;
      break;
    case 'junk-id':
      set('Message-ID', abuse.id);
      break;
  }
  const raw = Buffer.from(`${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body.replace(/\n/g, '\r\n')}\r\n`, 'utf8');
  return {
    raw,
    secrets,
    unique: true,
    recipe: `abusive ${abuse.kind}${'header' in abuse ? ` ${abuse.header}` : ''}${'opener' in abuse ? ` ${abuse.opener.trim()}` : ''}${'line' in abuse ? ` ${abuse.line.split(' ')[0]}` : ''}${'length' in abuse ? `(${abuse.length})` : ''}${'times' in abuse ? `(x${abuse.times})` : ''}${'blocks' in abuse ? `(${abuse.blocks})` : ''}`,
  };
});

// One mail in eleven is of issue 25's shapes: each costs the judge some eight ordinary mails (a
// flood of SIGNONs hashes every password), so more would slow the suite's part of the run.
export const hostileMailArb: fc.Arbitrary<HostileMail> = fc.oneof(
  { weight: 8, arbitrary: assembledArb },
  { weight: 2, arbitrary: mutatedArb },
  { weight: 1, arbitrary: abusiveArb },
);
