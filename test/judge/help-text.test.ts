import nodemailer from 'nodemailer';
import { expect, it } from 'vitest';
import { HELP_TEXT } from '../../src/judge/reports/info-commands.ts';
import { mailOptions } from '../../src/mail/outgoing-message.ts';

// The HELP reply is read in every kind of mail client: plain ASCII in short lines travels as 7-bit
// text, with no quoted-printable soft breaks to confuse old readers or quoting.

it('is plain ASCII in lines of at most 76 characters', () => {
  for (const line of HELP_TEXT.split('\n')) {
    expect(line.length, line).toBeLessThanOrEqual(76);
    expect(line, line).toMatch(/^[\x20-\x7e]*$/);
  }
});

it('goes out as 7-bit text', async () => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const row = {
    message_id: '<help@judge.example>',
    to_addresses: ['ann@players.example'],
    cc_addresses: [],
    bcc_addresses: [],
    subject: 'Re: help',
    headers: {},
    body: `> HELP\n\n${HELP_TEXT}`,
  };
  const info = await transport.sendMail(mailOptions(row, { name: 'dipjudge', address: 'judge@judge.example' }));
  const raw = (info.message as Buffer).toString('utf8');
  expect(raw).toMatch(/^Content-Transfer-Encoding: 7bit$/m);
  expect(raw).toContain('INFO PLAYER address');
});
