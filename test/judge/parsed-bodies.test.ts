import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';
import { orderKeys } from '../../src/judge/mail/mail-order.ts';
import { KEPT_MAILS, KEPT_TEXT, parseAndKeepBody, parsedBodyOf } from '../../src/judge/mail/parsed-bodies.ts';
import type { InboundMail } from '../../src/judge/mail/inbound-mail.ts';

// A mail's body is read once in a process that records and judges it: the judging takes what the
// recording read (its order keys), for the same mail and the same text only, once.

let next = 0;
const mail = (text: string) => ({ id: `<parsed-${++next}@players.example>`, text });

describe('parsed bodies kept from recording to judging', () => {
  it('gives the judging the very body the recording read, once, equal to reading it again', () => {
    const m = mail('SIGNON Fdemo secret\nA PAR H\nSIGNOFF');
    const recorded = parseAndKeepBody(m);
    const judged = parsedBodyOf(m);
    expect(judged).toBe(recorded);
    expect(judged).toEqual(parseBody(m.text));
    // Taken once: a second judging (a retry) reads the body again.
    const again = parsedBodyOf(m);
    expect(again).not.toBe(recorded);
    expect(again).toEqual(recorded);
  });

  it("keeps the recording's body through orderKeys, under the mail's id", () => {
    const m = { ...mail('JOIN village pw\nNAME nick'), from: 'ann@players.example', replyAddress: 'ann@players.example' } as unknown as InboundMail;
    expect(orderKeys(m)).toEqual(['sender:ann@players.example', 'game:village']);
    expect(parsedBodyOf(m)).toEqual(parseBody(m.text));
    expect(parsedBodyOf(m)).not.toBe(parsedBodyOf(m));
  });

  it('reads the body again when the same id comes with another text, or another id with the same text', () => {
    const m = mail('LIST');
    const recorded = parseAndKeepBody(m);
    const changed = { id: m.id, text: 'HELP' };
    expect(parsedBodyOf(changed)).toEqual(parseBody('HELP'));
    expect(parsedBodyOf(m)).not.toBe(recorded); // the kept one went with the mismatch
    const other = mail('LIST');
    parseAndKeepBody(m);
    expect(parsedBodyOf(other)).not.toBe(parsedBodyOf(m));
  });

  it(`keeps at most ${KEPT_MAILS} mails and no text over ${KEPT_TEXT} characters`, () => {
    const first = mail('LIST');
    const firstBody = parseAndKeepBody(first);
    const later = Array.from({ length: KEPT_MAILS }, () => mail('HELP'));
    const laterBodies = later.map((m) => parseAndKeepBody(m));
    expect(parsedBodyOf(first)).not.toBe(firstBody);
    expect(parsedBodyOf(later[0]!)).toBe(laterBodies[0]);
    expect(parsedBodyOf(later.at(-1)!)).toBe(laterBodies.at(-1));
    const long = mail(`LIST\n${'x'.repeat(KEPT_TEXT)}`);
    expect(parsedBodyOf(long)).not.toBe(parseAndKeepBody(long));
  });
});
