import { expect, it } from 'vitest';
import { mailOptions } from '../../src/mail/outgoing-message.ts';

// No control character reaches a header the judge sends (issue 25), whatever an outbox row holds:
// nodemailer encodes only non-ASCII text, so an ESC or BEL would go out raw.

it("sends a row's Subject and headers with each run of control characters as one space", () => {
  const options = mailOptions(
    {
      message_id: '<r1@judge.example>',
      to_addresses: ['a@players.example'],
      cc_addresses: [],
      bcc_addresses: [],
      subject: 'Re: red\x1b[31m alert\x07\r\n!',
      headers: { 'In-Reply-To': '<a\x1b@b>', References: '<c@d> <e\x07\x07@f>', 'X-Dipjudge-Game': 'demo\x9b' },
      body: 'text\n',
      kind: 'reply',
    },
    { name: 'dipjudge', address: 'judge@judge.example' },
  );
  expect({ subject: options.subject, inReplyTo: options.inReplyTo, references: options.references, headers: options.headers }).toEqual({
    subject: 'Re: red [31m alert !',
    inReplyTo: '<a @b>',
    references: '<c@d> <e @f>',
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Dipjudge-Game': 'demo ' },
  });
});
