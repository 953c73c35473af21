// Why the judge set a mail aside unanswered, as `dipjudge receive` prints it and the log keeps it:
//   its From failed DMARC/SPF at the judge's mail server
//   STOP: mail to ann@example.org is stopped
//   STOP with an unknown token, not answered
//   the mail names no sender

/** Why a recorded mail was ignored by the judge itself (the mail layer's own reasons are render/mail-reasons.ts's). */
export type IgnoredMail =
  | { readonly kind: 'sender-auth-failed' }
  | { readonly kind: 'stopped'; readonly address: string }
  | { readonly kind: 'unknown-stop-token' }
  | { readonly kind: 'no-sender' };

export function ignoredMailText(why: IgnoredMail): string {
  switch (why.kind) {
    case 'sender-auth-failed':
      return "its From failed DMARC/SPF at the judge's mail server";
    case 'stopped':
      return `STOP: mail to ${why.address} is stopped`;
    case 'unknown-stop-token':
      return 'STOP with an unknown token, not answered';
    case 'no-sender':
      return 'the mail names no sender';
  }
}
