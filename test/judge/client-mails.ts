// Test mails written the way real mail clients produce them: Gmail's multipart/alternative with
// quoted-printable UTF-8, Outlook's Windows-1252 with its "-----Original Message-----" or From:/Sent:
// block, Apple Mail from an iPhone, Thunderbird's format=flowed, and webmail that sends HTML only
// in base64. Each takes the player's own text (what they typed above the quote) and adds what the
// client adds below it: the attribution line and the quoted judge reply.

let counter = 0;

const QUOTED_REPLY = ['SIGNON Fdemo ****', '', 'Movement orders for Spring of 1901.  (demo.001)', '', 'France: Army Paris HOLD.'];

function header(from: string, subject: string, extra: Record<string, string>): string {
  const fields = {
    From: from,
    To: 'dipjudge <judge@judge.example>',
    Subject: subject,
    'Message-ID': `<client-${++counter}-${Date.now()}@players.example>`,
    Date: 'Tue, 3 Mar 2026 09:30:00 +0000',
    'MIME-Version': '1.0',
    ...extra,
  };
  return Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
}

/** Quoted-printable as mail clients write it: soft breaks at 76, `=XX` for bytes outside ASCII and for `=`. */
export function quotedPrintable(bytes: Buffer): string {
  const lines: string[] = [];
  for (const line of bytes.toString('latin1').split('\n')) {
    let out = '';
    let width = 0;
    for (const char of line.replace(/\r$/, '')) {
      const code = char.charCodeAt(0);
      const piece = code > 126 || char === '=' ? `=${code.toString(16).toUpperCase().padStart(2, '0')}` : char;
      if (width + piece.length > 75) {
        out += '=\r\n';
        width = 0;
      }
      out += piece;
      width += piece.length;
    }
    lines.push(out);
  }
  return lines.join('\r\n');
}

function base64Lines(bytes: Buffer): string {
  return bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
}

function html(text: string): string {
  return text
    .split('\n')
    .map((line) => `<div>${line === '' ? '<br>' : line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</div>`)
    .join('');
}

function quoted(prefix = '> '): string {
  return QUOTED_REPLY.map((l) => `${prefix}${l}`.trimEnd()).join('\n');
}

/** Gmail: multipart/alternative, UTF-8 quoted-printable, the attribution wrapped over two lines. */
export function gmail(from: string, typed: string, options: { attribution?: string } = {}): string {
  const attribution = options.attribution ?? 'On Tue, 3 Mar 2026 at 09:12, dipjudge <\njudge@judge.example> wrote:';
  const plain = `${typed}\n\n${attribution}\n\n${quoted()}\n`;
  const boundary = '000000000000a1b2c3d4e5f6';
  const richer = `<div dir="ltr">${html(typed)}</div><br><div class="gmail_quote"><div class="gmail_attr">${attribution.replace(/\n/g, ' ')}<br></div><blockquote class="gmail_quote">${html(QUOTED_REPLY.join('\n'))}</blockquote></div>`;
  return [
    header(from, 'Re: DIP:demo - S1901M orders', { 'Content-Type': `multipart/alternative; boundary="${boundary}"` }),
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(Buffer.from(plain.replace(/\n/g, '\r\n'), 'utf8')),
    `--${boundary}`,
    'Content-Type: text/html; charset="UTF-8"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(Buffer.from(richer, 'utf8')),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Outlook desktop: Windows-1252 quoted-printable, "-----Original Message-----" or the From:/Sent: block under a rule. */
export function outlook(from: string, typed: string, style: 'original-message' | 'header-block' = 'header-block'): string {
  const quote =
    style === 'original-message'
      ? '-----Original Message-----\nFrom: dipjudge <judge@judge.example>\nSent: Tuesday, March 3, 2026 9:12 AM\nTo: René Dupont <rene@players.example>\nSubject: DIP:demo - S1901M orders\n\n'
      : '________________________________\nFrom: dipjudge <judge@judge.example>\nSent: Tuesday, March 3, 2026 9:12 AM\nTo: René Dupont <rene@players.example>\nSubject: DIP:demo - S1901M orders\n\n';
  const plain = `${typed}\n\n${quote}${QUOTED_REPLY.join('\n')}\n`;
  const boundary = '_000_DB9PR10MB1234EURP_';
  // Windows-1252 puts the typographic apostrophe at 0x92, where Latin-1 has a control character.
  const bytes = Buffer.from(plain.replace(/\n/g, '\r\n').replace(/’/g, '\x92'), 'latin1');
  return [
    header(from, 'RE: DIP:demo - S1901M orders', { 'Content-Type': `multipart/alternative; boundary="${boundary}"`, 'X-Mailer': 'Microsoft Outlook 16.0' }),
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="Windows-1252"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(bytes),
    '',
    `--${boundary}`,
    'Content-Type: text/html; charset="Windows-1252"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(Buffer.from(`<html><body>${html(typed)}<hr>${html(QUOTED_REPLY.join('\n'))}</body></html>`, 'latin1')),
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Apple Mail on an iPhone: us-ascii or UTF-8 quoted-printable, "Sent from my iPhone", then the attribution. */
export function appleMail(from: string, typed: string): string {
  const plain = `${typed}\n\nSent from my iPhone\n\n> On 3 Mar 2026, at 09:12, dipjudge <judge@judge.example> wrote:\n>\n${quoted()}\n`;
  return [
    header(from, 'Re: DIP:demo - S1901M orders', {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Transfer-Encoding': 'quoted-printable',
      'X-Mailer': 'iPhone Mail (21D61)',
    }),
    '',
    quotedPrintable(Buffer.from(plain.replace(/\n/g, '\r\n'), 'utf8')),
    '',
  ].join('\r\n');
}

/** Thunderbird: UTF-8, format=flowed, 7bit, "On 03/03/2026 09:12, dipjudge wrote:" and a `-- ` signature. */
export function thunderbird(from: string, typed: string, signature = 'Bob Smith'): string {
  const plain = `${typed}\n\n-- \n${signature}\n\nOn 03/03/2026 09:12, dipjudge wrote:\n${quoted()}\n`;
  return [
    header(from, 'Re: DIP:demo - S1901M orders', {
      'Content-Type': 'text/plain; charset=UTF-8; format=flowed',
      'Content-Transfer-Encoding': '7bit',
      'User-Agent': 'Mozilla Thunderbird',
    }),
    '',
    plain.replace(/\n/g, '\r\n'),
  ].join('\r\n');
}

/** Webmail that sends HTML only, base64-encoded, the reply quoted in a blockquote. */
export function htmlOnlyWebmail(from: string, typed: string, attribution = 'Am 03.03.2026 um 09:12 schrieb dipjudge:'): string {
  const body = `<html><body>${html(typed)}<br><div>${attribution}</div><blockquote>${html(QUOTED_REPLY.join('\n'))}</blockquote></body></html>`;
  return [
    header(from, 'AW: DIP:demo - S1901M orders', { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Transfer-Encoding': 'base64' }),
    '',
    base64Lines(Buffer.from(body, 'utf8')),
    '',
  ].join('\r\n');
}
