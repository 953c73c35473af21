import { parseBody, type ParsedBody } from '../../commands/index.ts';

// A mail's body is read into blocks twice on its way through one `serve` process on PostgreSQL:
// when the mailbox reader records it in the queue (its order keys, mail-order.ts) and when it is
// judged (judge.ts). parseBody is a pure function of the text and what it returns is read-only,
// so the judging takes the recording's result instead of reading the body again: kept under the
// mail's id, for that very text, until it is taken or KEPT_MAILS later mails pushed it out (a mail
// another process judges is never taken here). Mails whose text is over KEPT_TEXT are not kept.

/** As many as one claim looks through (inbound-queue.ts CLAIM_WINDOW): a burst's recorded mail. */
export const KEPT_MAILS = 1000;
/** Characters of text past which a parsed body is not kept (it would hold too much memory). */
export const KEPT_TEXT = 64 * 1024;

const kept = new Map<string, { readonly text: string; readonly body: ParsedBody }>();

/** Reads the mail's body and keeps the result for parsedBodyOf. */
export function parseAndKeepBody(mail: { readonly id: string; readonly text: string }): ParsedBody {
  const body = parseBody(mail.text);
  if (mail.text.length <= KEPT_TEXT) {
    kept.delete(mail.id); // a replay of the id goes to the end of the line
    kept.set(mail.id, { text: mail.text, body });
    if (kept.size > KEPT_MAILS) kept.delete(kept.keys().next().value!);
  }
  return body;
}

/** The body parseAndKeepBody read for this mail and this same text (taken once), or the body read now. */
export function parsedBodyOf(mail: { readonly id: string; readonly text: string }): ParsedBody {
  const found = kept.get(mail.id);
  if (found !== undefined) {
    kept.delete(mail.id);
    if (found.text === mail.text) return found.body;
  }
  return parseBody(mail.text);
}
