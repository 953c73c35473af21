import { expect, it } from 'vitest';
import { mailOptions, type OutboxMail } from '../../src/mail/outgoing-message.ts';

// A map picture is queued as its SVG and drawn by the sender (issue 16: drawing in the judge's
// transaction made a deadline storm take hours). Drawn here: a PNG; not drawable: the mail goes with
// its text alone instead of failing at every attempt.

const FROM = { name: 'dipjudge', address: 'judge@judge.example' };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#3a6"/></svg>';

function row(svg: string): OutboxMail {
  return {
    message_id: '<r1@judge.example>',
    to_addresses: ['a@players.example'],
    cc_addresses: [],
    bcc_addresses: [],
    subject: 'DIP:demo - S1901M Results',
    headers: {},
    body: 'Movement results for Spring of 1901.\n',
    attachments: [{ filename: 'demo-S1901M.png', contentType: 'image/png', content: '', inline: true, draw: { svg, width: 80 } }],
  };
}

it('the sender draws a picture left as SVG, and sends the text alone when it cannot be drawn', () => {
  const drawn = mailOptions(row(SVG), FROM);
  const [file] = drawn.attachments as { filename: string; content: Buffer; contentType: string; contentDisposition: string }[];
  expect(file).toMatchObject({ filename: 'demo-S1901M.png', contentType: 'image/png', contentDisposition: 'inline' });
  expect(file!.content.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(file!.content.readUInt32BE(16)).toBe(80); // IHDR width: drawn at the width asked for

  const broken = mailOptions(row('this is not an SVG'), FROM);
  expect(broken.attachments).toBeUndefined();
  expect(broken.text).toBe('Movement results for Spring of 1901.\n');
});
