// Why the judge does not answer a mail, or could not read it, or gave up sending one (src/mail, and
// the judge's own reasons in judge.ts):
// the judgekeeper reads these in the log, `dipjudge receive` and the failed mail's record; a mail
// the MIME parser gave up on is also told to its sender.

/** Why a mail gets no answer (mail/inbound-message.ts, mail/mail-judge.ts, judge/judge.ts). */
export type NoReply =
  | { readonly kind: 'no-sender-address' }
  | { readonly kind: 'no-sender' }
  | { readonly kind: 'unusable-sender'; readonly maxLength: number }
  | { readonly kind: 'empty-return-path' }
  | { readonly kind: 'daemon-sender'; readonly local: string }
  | { readonly kind: 'report'; readonly reportType: string }
  | { readonly kind: 'auto-submitted'; readonly value: string }
  | { readonly kind: 'autoreply' }
  | { readonly kind: 'bulk'; readonly precedence: string }
  | { readonly kind: 'list-id' }
  | { readonly kind: 'list-unsubscribe' }
  | { readonly kind: 'mail-loop' }
  | { readonly kind: 'other-judge' }
  | { readonly kind: 'from-itself' }
  | { readonly kind: 'sender-auth-failed' }
  | { readonly kind: 'stopped'; readonly address: string }
  | { readonly kind: 'unknown-stop-token' };

export function noReplyText(reason: NoReply): string {
  switch (reason.kind) {
    case 'no-sender-address':
      return 'the mail has no sender address';
    case 'no-sender':
      return 'the mail names no sender';
    case 'unusable-sender':
      return `the mail names no sender address the judge can write to (longer than ${reason.maxLength} characters, or with control characters)`;
    case 'empty-return-path':
      return 'bounce: the Return-Path is empty (<>)';
    case 'daemon-sender':
      return `bounce: sent by ${reason.local}`;
    case 'report':
      return `automatic report (${reason.reportType})`;
    case 'auto-submitted':
      return `Auto-Submitted: ${reason.value}`;
    case 'autoreply':
      return 'automatic reply (X-Autoreply)';
    case 'bulk':
      return `Precedence: ${reason.precedence}`;
    case 'list-id':
      return 'mailing-list mail (List-Id)';
    case 'list-unsubscribe':
      return 'mailing-list mail (List-Unsubscribe)';
    case 'mail-loop':
      return 'mail loop: X-Loop names this judge';
    case 'other-judge':
      return 'mail from another judge (X-Njudge)';
    case 'from-itself':
      return 'mail from this judge itself';
    case 'sender-auth-failed':
      return "its From failed DMARC/SPF at the judge's mail server";
    case 'stopped':
      return `STOP: mail to ${reason.address} is stopped`;
    case 'unknown-stop-token':
      return 'STOP with an unknown token, not answered';
  }
}

/** Why the MIME parser gave up on a mail, in a player's words: too many or too deeply nested parts, or a broken structure. */
export function mimeFailureText(tooDeep: boolean): string {
  return tooDeep
    ? 'it has too many MIME parts, or parts nested too deeply, for the judge to take apart'
    : 'its MIME structure is broken and the judge cannot take it apart';
}

/** A mail given up after its attempts, with the last error. */
export function gaveUpText(attempts: number, reason: string): string {
  return `gave up after ${attempts} attempts: ${reason}`;
}
