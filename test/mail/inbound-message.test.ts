import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseInboundMessage, replyDecision, type InboundMessage } from '../../src/mail/inbound-message.ts';
import { parseBody } from '../../src/commands/index.ts';

const JUDGE = 'judge@judge.example.net';

function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../fixtures/mail/${name}`, import.meta.url)));
}

async function load(name: string): Promise<InboundMessage> {
  return parseInboundMessage(fixture(name));
}

/** A minimal plain mail with extra header lines, for the loop-guard table. */
function mailWith(headers: string, from = 'player@example.org'): string {
  return `From: ${from}\r\nTo: ${JUDGE}\r\nSubject: test\r\nMessage-ID: <t@example.org>\r\n${headers}${headers ? '\r\n' : ''}\r\nLIST\r\n`;
}

describe('parseInboundMessage', () => {
  it('reads a plain text mail: addresses lower-cased, threading ids, date, size', async () => {
    const message = await load('plain.eml');
    expect(message.messageId).toBe('<orders-1@example.org>');
    expect(message.from).toBe('alice@example.org');
    expect(message.replyTo).toBe('alice.games@example.org');
    expect(message.resentFrom).toBeNull();
    expect(message.replyAddress).toBe('alice.games@example.org');
    expect(message.subject).toBe('orders for mygame');
    expect(message.date?.toISOString()).toBe('2024-05-06T09:59:00.000Z');
    expect(message.inReplyTo).toBe('<judge-77@judge.example.net>');
    expect(message.references).toEqual(['<judge-70@judge.example.net>', '<judge-77@judge.example.net>']);
    expect(message.text.split('\n').slice(0, 5)).toEqual(['SIGNON Fmygame secret', 'A PAR - BUR', 'F BRE - MAO', 'SET NOWAIT', 'SIGNOFF']);
    expect(message.text).not.toContain('\r');
    expect(message.sizeBytes).toBe(fixture('plain.eml').length);
    expect(message.headers.returnPath).toBe('alice@example.org');
    expect(message.headers.contentType).toBe('text/plain');
  });

  it('decodes quoted-printable latin-1, soft line breaks included, and an encoded subject', async () => {
    const message = await load('qp-latin1.eml');
    expect(message.subject).toBe("presse à l'Angleterre");
    expect(message.text).toContain('Très bien, mon ami. À bientôt ! Ceci est une très longue ligne de presse qui sera coupée par le codage quoted-printable.');
    const body = parseBody(message.text);
    expect(body.errors).toEqual([]);
    const press = body.blocks[0]!.kind === 'session' ? body.blocks[0]!.commands[0] : undefined;
    expect(press).toMatchObject({ kind: 'press', body: expect.stringContaining('À bientôt') });
  });

  it('decodes base64 utf-8', async () => {
    const message = await load('base64-utf8.eml');
    expect(message.subject).toBe('пресс');
    expect(message.text).toContain('Привет — ça va? 😀');
  });

  it('turns an HTML-only mail into text lines and strips trailing <br>', async () => {
    const message = await load('html-only.eml');
    expect(message.headers.contentType).toBe('text/html');
    const lines = message.text.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toEqual(['SIGNON Gmygame secret', 'A MUN - RUH', 'A BER - KIE', 'SIGNOFF']);
    expect(message.text).not.toMatch(/<br/i);
  });

  it('strips a literal trailing <br> from plain text lines', async () => {
    const message = await parseInboundMessage(`From: a@example.org\r\nSubject: x\r\n\r\nSIGNON Fgame pw<br>\r\nA PAR-BUR <BR/>\r\n`);
    expect(message.text.split('\n').slice(0, 2)).toEqual(['SIGNON Fgame pw', 'A PAR-BUR']);
  });

  it('prefers the text/plain part of multipart/alternative, so the HTML copy never reaches the body', async () => {
    const message = await load('alternative.eml');
    expect(message.text).toContain('Ciao!');
    expect(message.text).not.toContain('HTML COPY ONLY');
    expect(message.text).not.toContain('<');
  });

  it('ignores attachments, even text ones', async () => {
    const message = await load('attachment.eml');
    expect(message.text).toContain('A VIE - TRI');
    expect(message.text).not.toContain('leaked');
    expect(message.text).not.toContain('PDF');
  });

  it('leaves the delivery report out of a bounce and reads its headers', async () => {
    const message = await load('bounce.eml');
    expect(message.text).not.toContain('Final-Recipient');
    expect(message.headers).toMatchObject({ returnPath: '', contentType: 'multipart/report', reportType: 'delivery-status', autoSubmitted: 'auto-replied' });
  });

  it('reads list headers', async () => {
    const message = await load('list.eml');
    expect(message.headers.precedence).toBe('list');
    expect(message.headers.listId).toBe('Diplomacy players <dip-list.lists.example.org>');
    expect(message.headers.listUnsubscribe).toBe('<mailto:dip-list-leave@lists.example.org>');
  });

  it('answers Resent-From before Reply-To before From', async () => {
    const message = await parseInboundMessage(
      mailWith('Reply-To: Other <Other@Example.org>\r\nResent-From: "Forwarder" <FWD@example.org>', 'Orig <orig@example.org>'),
    );
    expect(message.from).toBe('orig@example.org');
    expect(message.replyTo).toBe('other@example.org');
    expect(message.resentFrom).toBe('fwd@example.org');
    expect(message.replyAddress).toBe('fwd@example.org');
  });

  it('copes with a mail without From, Date or Message-ID', async () => {
    const message = await parseInboundMessage('Subject: nothing\r\n\r\nhello\r\n');
    expect(message).toMatchObject({ from: null, replyAddress: null, messageId: null, date: null, references: [] });
    expect(replyDecision(message, JUDGE)).toEqual({ reply: false, reason: 'the mail has no sender address' });
  });

  // Issue 25: junk ids are no ids (two senders' '<>' were one mail); nothing long or with control characters is kept.
  it.each([
    ['<>', null],
    ['<   >', null],
    ['not-an-id', null],
    ['<a@b> <c@d>', null],
    ['<esc\x1b[31mape@example.org>', null],
    [`<${'x'.repeat(240)}@example.org>`, null],
    [`<${'x'.repeat(200)}@example.org>`, `<${'x'.repeat(200)}@example.org>`],
    ['a1@example.org', '<a1@example.org>'],
    ['<a1@example.org>', '<a1@example.org>'],
  ])('reads the Message-ID %j as %j', async (written, read) => {
    expect((await parseInboundMessage(`From: p@example.org\r\nMessage-ID: ${written}\r\n\r\nLIST\r\n`)).messageId).toBe(read);
  });

  it('keeps only real ids of References (the last 20), no control character in the Subject, and no address over 254 characters', async () => {
    const junk = Array.from({ length: 30 }, (_, i) => `<r${i}@example.org>`).join(' ');
    const message = await parseInboundMessage(
      `From: ${'a'.repeat(250)}@example.org\r\nReply-To: ok@example.org\r\nSubject: red\x1b[31m alert\x07!\r\nReferences: <> not-an-id <x\x07@y> ${junk}\r\n\r\nLIST\r\n`,
    );
    expect(message.references).toEqual(Array.from({ length: 20 }, (_, i) => `<r${i + 10}@example.org>`));
    expect(message.subject).toBe('red [31m alert !');
    expect(message).toMatchObject({ from: null, replyAddress: 'ok@example.org', unusableAddress: true });
    const alone = await parseInboundMessage(`From: ${'a'.repeat(250)}@example.org\r\n\r\nLIST\r\n`);
    expect(alone).toMatchObject({ from: null, replyAddress: null, unusableAddress: true });
    // A Return-Path that long is still no bounce's null path: the mail is answered.
    const returned = await parseInboundMessage(mailWith(`Return-Path: <${'a'.repeat(250)}@example.org>`));
    expect(replyDecision(returned, JUDGE)).toEqual({ reply: true });
  });

  it('collects every X-Loop header, unfolded', async () => {
    const message = await parseInboundMessage(mailWith('X-Loop: one@example.org\r\nX-Loop: two\r\n @example.org'));
    expect(message.headers.xLoop).toEqual(['one@example.org', 'two @example.org']);
  });
});

describe('replyDecision', () => {
  it.each([
    ['plain.eml', true],
    ['qp-latin1.eml', true],
    ['base64-utf8.eml', true],
    ['html-only.eml', true],
    ['alternative.eml', true],
    ['attachment.eml', true],
    ['bounce.eml', false],
    ['auto-reply.eml', false],
    ['list.eml', false],
  ])('%s: reply %s', async (name, reply) => {
    expect(replyDecision(await load(name), JUDGE).reply).toBe(reply);
  });

  it.each([
    ['Return-Path: <>', 'bounce: the Return-Path is empty (<>)'],
    ['Content-Type: multipart/report; report-type=disposition-notification; boundary=x', 'automatic report (disposition-notification)'],
    ['Auto-Submitted: auto-generated', 'Auto-Submitted: auto-generated'],
    ['Auto-Submitted: Auto-Replied; owner-email="x@y"', 'Auto-Submitted: auto-replied'],
    ['X-Autorespond: yes', 'automatic reply (X-Autoreply)'],
    ['Precedence: bulk', 'Precedence: bulk'],
    ['Precedence: JUNK', 'Precedence: junk'],
    ['Precedence: list', 'Precedence: list'],
    ['List-Id: <games.example.org>', 'mailing-list mail (List-Id)'],
    ['List-Unsubscribe: <https://example.org/u>', 'mailing-list mail (List-Unsubscribe)'],
    [`X-Loop: ${JUDGE.toUpperCase()}`, 'mail loop: X-Loop names this judge'],
    ['X-Njudge: judge@other.example.net', 'mail from another judge (X-Njudge)'],
    [`Reply-To: ${JUDGE}`, 'mail from this judge itself'],
  ])('%s → no reply', async (header, reason) => {
    expect(replyDecision(await parseInboundMessage(mailWith(header)), JUDGE)).toEqual({ reply: false, reason });
  });

  it.each([
    ['MAILER-DAEMON@mx.example.org', 'bounce: sent by mailer-daemon'],
    ['postmaster@example.org', 'bounce: sent by postmaster'],
    ['Root <root@host.example.org>', 'bounce: sent by root'],
    [JUDGE, 'mail from this judge itself'],
  ])('From %s → no reply', async (from, reason) => {
    expect(replyDecision(await parseInboundMessage(mailWith('', from)), JUDGE)).toEqual({ reply: false, reason });
  });

  it.each(['Auto-Submitted: no', 'Precedence: first-class', 'X-Loop: someone-else@example.org', 'Return-Path: <player@example.org>'])(
    '%s → reply',
    async (header) => {
      expect(replyDecision(await parseInboundMessage(mailWith(header)), JUDGE)).toEqual({ reply: true });
    },
  );
});
