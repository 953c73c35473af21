import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inboundMessageOf, parseWithMailparser } from '../../src/mail/inbound-message.ts';
import { readPlainMail } from '../../src/mail/plain-mail-reader.ts';
import { hostileMailArb } from '../fuzz/hostile-mail-generator.ts';
import { appleMail, gmail, htmlOnlyWebmail, outlook, quotedPrintable, thunderbird } from '../judge/client-mails.ts';
import { eml } from '../judge/mail-builder.ts';

// The direct reader of plain mail (issue 35) against mailparser, the reader it stands in for:
// whatever mail it accepts, the judge must read exactly as it reads mailparser's result. The
// corpus: the mail fixtures, the real-client shapes, issue 25's hostile mail, hand-written
// corner cases, and generated mails close to the plain shape (where a difference would hide).
// DIPJUDGE_PLAIN_MAIL_RUNS runs more generated mails (the default keeps this file near a second).

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const RUNS = Number(process.env.DIPJUDGE_PLAIN_MAIL_RUNS ?? 600);

function fixtureMails(): [string, Buffer][] {
  return ['mail', 'mail/clients', 'fuzz'].flatMap((dir) =>
    readdirSync(path.join(FIXTURES, dir))
      .filter((name) => name.endsWith('.eml'))
      .map((name): [string, Buffer] => [`${dir}/${name}`, readFileSync(path.join(FIXTURES, dir, name))]),
  );
}

/** Expects the direct reader, when it takes the mail, to read it as mailparser does; says whether it took it. */
async function agrees(raw: Buffer | string): Promise<{ accepted: boolean }> {
  const direct = readPlainMail(raw);
  if (direct === null) return { accepted: false };
  const parsed = await parseWithMailparser(raw);
  expect(inboundMessageOf(direct, raw)).toStrictEqual(inboundMessageOf(parsed, raw));
  expect(direct.headerLines).toStrictEqual(parsed.headerLines);
  return { accepted: true };
}

const CRLF = (lines: readonly string[]) => lines.join('\r\n');
const plain = (headers: readonly string[], body = 'LIST\r\n') => `${CRLF(headers)}\r\n\r\n${body}`;
const BASE = ['From: Player <Player@players.example>', 'To: judge@judge.example', 'Subject: orders', 'Message-ID: <m1@players.example>'];

/** Corner cases written out: each is read directly or left to mailparser, and read alike when read directly. */
const CORNER_CASES: [string, Buffer | string][] = [
  ['folded Subject', plain([...BASE.slice(0, 2), 'Subject: a long\r\n\tsubject\r\n  folded twice', BASE[3]!])],
  ['folded From', plain(['From: Player\r\n <p@players.example>', 'Subject: x'])],
  ['folded References', plain([...BASE, 'References: <a@x>\r\n <b@x>\r\n\t<c@x>'])],
  ['folded Authentication-Results', plain([...BASE, 'Authentication-Results: mx.judge.example;\r\n dmarc=pass header.from=players.example;\r\n spf=pass'])],
  ['two Subjects, the first empty', plain([...BASE.slice(0, 2), 'Subject:', 'Subject: second', BASE[3]!])],
  ['two Subjects', plain([...BASE, 'Subject: second'])],
  ['two From', plain([...BASE, 'From: other@players.example'])],
  ['two Message-IDs, the first empty', plain(['From: p@x.example', 'Message-ID:', 'Message-ID: <second@x>'])],
  ['two Dates', plain([...BASE, 'Date: Sat, 21 Nov 2026 12:00:00 +0000', 'Date: Sun, 22 Nov 2026 12:00:00 +0000'])],
  ['two Content-Types', plain([...BASE, 'Content-Type: text/plain', 'Content-Type: text/html'])],
  ['two References', plain([...BASE, 'References: <a@x> <b@x>', 'References: <c@x>'])],
  ['one Reference', plain([...BASE, 'References: <a@x>'])],
  ['empty References', plain([...BASE, 'References:'])],
  ['bare References', plain([...BASE, 'References: a@x b@x'])],
  ['In-Reply-To', plain([...BASE, 'In-Reply-To: <judge-1@judge.example> (comment)'])],
  ['quoted name with comma', plain(['From: "Smith, John" <john@players.example>'])],
  ['quoted name with dot', plain(['From: "J. Smith" <john@players.example>'])],
  ['unquoted name with dot', plain(['From: J. Smith <john@players.example>'])],
  ['name with comment', plain(['From: John (the player) <john@players.example>'])],
  ['address then comment', plain(['From: john@players.example (John)'])],
  ['escaped quote in name', plain(['From: "a\\"b" <john@players.example>'])],
  ['address in quoted name', plain(['From: "<evil@evil.example>" <john@players.example>'])],
  ['apostrophe in name', plain(["From: Seán O'Brien <sean@players.example>"])],
  ['angle address alone', plain(['From: <John@Players.Example>'])],
  ['bare address', plain(['From: John@Players.Example'])],
  ['address with tag', plain(['From: john+dip@players.example'])],
  ['two addresses', plain(['From: a@players.example, b@players.example'])],
  ['group', plain(['From: Players: a@players.example, b@players.example;'])],
  ['empty group', plain(['From: undisclosed-recipients:;', 'Reply-To: r@players.example'])],
  ['no address', plain(['From: nobody'])],
  ['empty From', plain(['From:', 'Subject: x'])],
  ['quoted local part', plain(['From: "a b"@players.example'])],
  ['domain literal', plain(['From: a@[192.0.2.1]'])],
  ['punycode domain', plain(['From: a@xn--mnchen-3ya.example'])],
  ['address too long', plain([`From: <${'a'.repeat(250)}@players.example>`, 'Reply-To: ok@players.example'])],
  ['Reply-To and Resent-From', plain([...BASE, 'Reply-To: Other <Other@Example.org>', 'Resent-From: "Forwarder" <FWD@example.org>'])],
  ['null Return-Path', plain([...BASE, 'Return-Path: <>'])],
  ['spaced null Return-Path', plain([...BASE, 'Return-Path: < >'])],
  ['Return-Path', plain([...BASE, 'Return-Path: <player@players.example>'])],
  [
    'automation headers',
    plain([...BASE, 'Auto-Submitted: auto-replied; owner=x', 'Precedence: BULK', 'List-Id: <l.example>', 'X-Loop: judge@judge.example', 'X-Loop: two']),
  ],
  ['X-Njudge and X-Autorespond', plain([...BASE, 'X-Njudge: other', 'X-Autorespond: yes', 'List-Unsubscribe: <mailto:x@y>'])],
  ['LF line ends', plain(BASE).replace(/\r\n/g, '\n')],
  ['mixed line ends', `${BASE[0]}\n${BASE[1]}\r\n${BASE[2]}\n\r\nLIST\nHELP\r\n`],
  ['lone CR in a header', plain([...BASE.slice(0, 2), 'Subject: a\rb'])],
  ['lone CR in the body', plain(BASE, 'LIST\rHELP\r\n')],
  ['CR CR LF in the body', plain(BASE, 'LIST\r\r\nHELP\r\n')],
  ['trailing <br>', plain(BASE, 'SIGNON Fgame pw<br>\r\nA PAR-BUR <BR/>\r\n')],
  [
    'quoted-printable soft breaks',
    plain(
      [...BASE, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'],
      'A long=\r\n line =\r\nand =C3=A9t=c3=a9 =3D x=\r\n',
    ),
  ],
  [
    'quoted-printable junk',
    plain([...BASE, 'Content-Transfer-Encoding: Quoted-Printable'], 'a = b =ZZ =4 =\r\ntrailing   \r\ntab\t=\r\n\t \r\nend=\r\n=\r\n='),
  ],
  ['quoted-printable NUL', plain([...BASE, 'Content-Transfer-Encoding: quoted-printable'], 'a=00b\r\n')],
  ['quoted-printable empty body', plain([...BASE, 'Content-Transfer-Encoding: quoted-printable'], '')],
  [
    'invalid utf-8',
    Buffer.concat([
      Buffer.from(plain([...BASE, 'Content-Type: text/plain; charset=utf-8'], '')),
      Buffer.from([0x41, 0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x0d, 0x0a]),
    ]),
  ],
  ['8-bit without charset', Buffer.concat([Buffer.from(plain([...BASE, 'Content-Transfer-Encoding: 8bit'], '')), Buffer.from('ça va\r\n', 'latin1')])],
  ['8-bit in us-ascii', Buffer.concat([Buffer.from(plain([...BASE, 'Content-Type: text/plain; charset=us-ascii'], '')), Buffer.from('ça va 😀\r\n', 'utf8')])],
  ['latin-1 body', Buffer.concat([Buffer.from(plain([...BASE, 'Content-Type: text/plain; charset=iso-8859-1'], '')), Buffer.from('ça va\r\n', 'latin1')])],
  ['NUL in the body', plain(BASE, 'LIST\0\r\nHELP\r\n')],
  ['NUL in a header', plain([...BASE.slice(0, 2), 'Subject: a\0b'])],
  ['escape in the Subject', plain([...BASE.slice(0, 2), 'Subject: red\x1b[31m alert\x07!'])],
  ['UTF-8 in the Subject', plain([...BASE.slice(0, 2), 'Subject: presse à Paris'])],
  ['encoded Subject', plain([...BASE.slice(0, 2), 'Subject: =?utf-8?B?0L/RgNC10YHRgQ==?='])],
  ['encoded From name', plain(['From: =?utf-8?Q?Ren=C3=A9?= <rene@players.example>'])],
  ['long line', plain(BASE, `${'x'.repeat(100_000)}\r\nLIST\r\n`)],
  ['very long line', plain(BASE, `${'y'.repeat(300_000)}\r\n`)],
  ['empty body', plain(BASE, '')],
  ['body of one line end', plain(BASE, '\r\n')],
  ['no line end after the body', plain(BASE, 'LIST')],
  ['headers only', CRLF(BASE)],
  ['headers only, with a line end', `${CRLF(BASE)}\r\n`],
  ['no blank line before the body', `${CRLF(BASE)}\r\nLIST\r\n`],
  ['starts with a blank line', `\r\n${plain(BASE)}`],
  ['starts folded', ` ${plain(BASE)}`],
  ['mbox From line', `From player@players.example Sat Nov 21 12:00:00 2026\r\n${plain(BASE)}`],
  ['space before the colon', plain([...BASE, 'X-Loop : judge@judge.example'])],
  ['empty header name', plain([...BASE, ': value'])],
  ['header line without colon', plain([...BASE, 'LIST'])],
  ['empty mail', ''],
  ['Content-Type in capitals, quoted charset', plain([...BASE, 'Content-Type: TEXT/PLAIN; CHARSET="UTF-8"'])],
  ['Content-Type with trailing semicolon', plain([...BASE, 'Content-Type: text/plain;charset=us-ascii;'])],
  ['Content-Type with comment', plain([...BASE, 'Content-Type: text/plain; charset=utf-8 (comment)'])],
  ['Content-Type with report-type', plain([...BASE, 'Content-Type: text/plain; report-type=delivery-status'])],
  ['format=flowed', plain([...BASE, 'Content-Type: text/plain; charset=utf-8; format=flowed'], 'A long \r\nline\r\n')],
  ['text/html', plain([...BASE, 'Content-Type: text/html'], '<p>LIST<br>HELP</p>\r\n')],
  ['multipart without boundary', plain([...BASE, 'Content-Type: multipart/mixed'])],
  ['base64', plain([...BASE, 'Content-Transfer-Encoding: base64'], 'TElTVA==\r\n')],
  ['7BIT', plain([...BASE, 'Content-Transfer-Encoding: 7BIT'])],
  ['unknown transfer encoding', plain([...BASE, 'Content-Transfer-Encoding: x-uuencode'])],
  ['attachment', plain([...BASE, 'Content-Disposition: attachment; filename=a.txt'])],
  ['inline', plain([...BASE, 'Content-Disposition: inline'])],
  ['Message-ID without brackets', plain(['From: p@x.example', 'Message-ID: a1@example.org'])],
  ['Message-ID <>', plain(['From: p@x.example', 'Message-ID: <>'])],
  ['Message-ID with spaces', plain(['From: p@x.example', 'Message-ID: <a b@example.org>'])],
  ['Message-ID too long', plain(['From: p@x.example', `Message-ID: <${'x'.repeat(300)}@example.org>`])],
  ['header block over the limit', plain([...BASE, `X-Long: ${'z'.repeat(20_000)}`])],
  ['many short header lines', plain([...BASE, ...Array.from({ length: 3000 }, (_, i) => (i % 2 ? ' ' : 'X:'))])],
  ...[
    'Sat, 21 Nov 2026 12:00:00 +0000',
    'Sat, 21 Nov 2026 12:00:00 GMT',
    '21 Nov 2026 12:00 -0500',
    'Sat, 21 Nov 26 12:00:00 +0000',
    'Sat, 21 Nov 2026 12:00:00 +0000 (UTC)',
    '2026-11-21T12:00:00Z',
    '2026-11-21',
    'Sat Nov 21 2026',
    'Saturday, 21-Nov-26 12:00:00 UTC',
    '',
    'yesterday',
    'Sat, 31 Feb 2026 12:00:00 +0000',
    'Sat, 21 Nov 2026 25:00:00 +0000',
  ].map((date): [string, string] => [`Date ${JSON.stringify(date)}`, plain([...BASE, `Date: ${date}`])]),
];

/** The mails the judge's own tests, the mail bench and most players send: these must take the direct path. */
const ORDINARY: [string, Buffer | string][] = [
  ['test builder mail', eml({ from: 'player@players.example' }, 'LIST')],
  ['mail bench LIST', eml({ from: 'run-1@players.example', subject: 'list 1', messageId: '<run-1@players.example>' }, 'LIST')],
  [
    'mail bench orders',
    eml({ from: 'france@players.example', subject: 'orders 39', messageId: '<run-39@players.example>' }, 'SIGNON Fbench pw\nA PAR H\nF BRE H'),
  ],
  ['named sender', eml({ from: 'Player One <p1@players.example>', headers: { 'Reply-To': 'p1.games@players.example' } }, 'HELP')],
  ['no Content-Type', plain(BASE)],
  ['LF line ends', plain(BASE).replace(/\r\n/g, '\n')],
  ['quoted-printable', plain([...BASE, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'], 'LIST=\r\n game =C3=A9\r\n')],
  ['plain.eml', readFileSync(path.join(FIXTURES, 'mail', 'plain.eml'))],
  ['Apple Mail', appleMail('iphone@players.example', 'SIGNON Fdemo secret\nA PAR - BUR')],
];

const headerValueArb = fc.oneof(
  fc.string({ unit: fc.constantFrom(...' \t!"#$%&\'()*+,-./0123456789:;<=>?@ABCZabcz[\\]^_`{|}~'.split('')), maxLength: 30 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', 'value', 'two words', 'a\r\n b', 'a\r\n\tb', 'a\n b', '=?utf-8?Q?x?=', 'ça', 'x\0y'),
);
const addressArb = fc.oneof(
  fc.constantFrom(
    'p@players.example',
    'P.Q@Players.Example',
    '<p@players.example>',
    'Name <p@players.example>',
    'Two Names <p@players.example>',
    '"Quoted, Name" <p@players.example>',
    '"Quoted.Name"<p@players.example>',
    "o'brien@players.example",
    'p@players.example (comment)',
    'a@x.example, b@x.example',
    'G: a@x.example;',
    'nobody',
    '',
    `${'a'.repeat(250)}@players.example`,
    'Name\r\n <p@players.example>',
  ),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,12}$/), fc.stringMatching(/^[A-Za-z0-9.-]{1,12}$/), fc.constantFrom('', 'N ', '"N" ', 'N.N '))
    .map(([local, domain, name]) => (name === '' ? `${local}@${domain}` : `${name}<${local}@${domain}>`)),
);
const dateArb = fc.oneof(
  fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.constantFrom('Sat, 21 Nov 2026 12:00:00 +0000', '21 Nov 2026 12:00 +0100', '2026-11-21', 'junk', ''),
);
const headerArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom('From', 'Reply-To', 'Resent-From', 'Return-Path', 'FROM'), addressArb).map(([name, value]) => `${name}: ${value}`),
  },
  { weight: 3, arbitrary: headerValueArb.map((value) => `Subject: ${value}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('Message-ID', 'In-Reply-To', 'References'), fc.constantFrom('<a@x>', 'a@x', '<>', '<a@x> <b@x>', '<a b@x>', ''))
      .map(([name, value]) => `${name}: ${value}`),
  },
  { weight: 2, arbitrary: dateArb.map((value) => `Date: ${value}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Content-Type: text/plain',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Type: text/plain; charset="us-ascii"',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Type: text/plain; format=flowed',
      'Content-Transfer-Encoding: 7bit',
      'Content-Transfer-Encoding: 8bit',
      'Content-Transfer-Encoding: quoted-printable',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: inline',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('X-Loop', 'Auto-Submitted', 'Precedence', 'List-Id', 'X-Njudge', 'X-Autoreply', 'Authentication-Results', 'X-Other', 'To'),
        headerValueArb,
      )
      .map(([name, value]) => `${name}: ${value}`),
  },
);
const bodyArb = fc.oneof(
  fc.string({ maxLength: 200 }).map((text) => Buffer.from(text, 'utf8')),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc
    .string({ unit: fc.constantFrom('=', 'A', 'f', '3', ' ', '\t', '\r', '\n', '\r\n', '<br>', 'x'), maxLength: 60 })
    .map((text) => Buffer.from(text, 'latin1')),
  fc.string({ maxLength: 120 }).map((text) => Buffer.from(quotedPrintable(Buffer.from(text, 'utf8')), 'latin1')),
);
/** Mails near the plain shape: a few headers from pools of ordinary and odd values, a body of any bytes. */
const nearPlainArb = fc
  .record({
    headers: fc.array(headerArb, { minLength: 0, maxLength: 8 }),
    body: bodyArb,
    lineEnd: fc.constantFrom('\r\n', '\n'),
    // Without the blank line the body is read as headers: some such mails, mostly not.
    blank: fc.oneof({ weight: 7, arbitrary: fc.constant(true) }, fc.constant(false)),
  })
  .map(({ headers, body, lineEnd, blank }) => Buffer.concat([Buffer.from(`${headers.join(lineEnd)}${lineEnd}${blank ? lineEnd : ''}`, 'utf8'), body]));

describe('readPlainMail, against mailparser', () => {
  it.each(fixtureMails())('reads %s as mailparser does, or leaves it to mailparser', async (_name, raw) => {
    await agrees(raw);
  });

  it.each([
    ['Gmail', gmail('g@players.example', 'LIST')],
    ['Outlook', outlook('o@players.example', 'LIST')],
    ['Thunderbird', thunderbird('t@players.example', 'LIST')],
    ['HTML-only webmail', htmlOnlyWebmail('w@players.example', 'LIST')],
  ])('leaves %s mail to mailparser', async (_name, raw) => {
    expect(readPlainMail(raw)).toBeNull();
  });

  it.each(CORNER_CASES)('%s: read as mailparser reads it, or left to mailparser', async (_name, raw) => {
    await agrees(raw);
  });

  it.each(ORDINARY)('reads %s directly', async (_name, raw) => {
    expect(await agrees(raw)).toEqual({ accepted: true });
  });

  it('reads hostile mail (issue 25) as mailparser does, or leaves it to mailparser', async () => {
    for (const mail of fc.sample(hostileMailArb, { numRuns: 150, seed: 20261128 })) await agrees(mail.raw);
  });

  it(`reads ${RUNS} generated mails near the plain shape as mailparser does, most of them directly`, async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(nearPlainArb, async (raw) => {
        if ((await agrees(raw)).accepted) accepted++;
      }),
      { numRuns: RUNS, seed: Number(process.env.DIPJUDGE_PLAIN_MAIL_SEED ?? 35) },
    );
    // The property only means something when the direct reader takes a good share of them.
    expect(accepted).toBeGreaterThan(RUNS / 4);
  });
});
