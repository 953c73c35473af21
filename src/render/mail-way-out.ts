// The words the mail layer adds to the judge's mail (src/mail): the notice a game's Master gets
// when a message of the game could not be delivered (mail/delivery-failure-notice.ts), the closing
// lines with every mail's way out (mail/unsubscribe.ts), and why a copy was withheld from an address.

/** What the Master is told about a message the judge gave up on (never its body). */
export interface DeliveryFailure {
  readonly gameName: string;
  /** Whether it reached some addresses (and these refused it) or none. */
  readonly delivered: boolean;
  readonly subject: string;
  readonly messageId: string;
  readonly attempts: number;
  /** Each refused address with the server's answer, on one line. */
  readonly undelivered: readonly { readonly address: string; readonly reason: string }[];
}

export function deliveryFailureBody(failure: DeliveryFailure): string {
  return [
    failure.delivered
      ? `The judge delivered a message of game '${failure.gameName}', but these addresses refused it:`
      : `The judge could not deliver a message of game '${failure.gameName}' and has given up on it.`,
    '',
    `  Subject:    ${failure.subject}`,
    `  Message-ID: ${failure.messageId}`,
    `  Attempts:   ${failure.attempts}`,
    '',
    'Not delivered to:',
    ...failure.undelivered.map((recipient) => `  ${recipient.address}: ${recipient.reason}`),
    '',
    'The player may have mistyped the address or lost the mailbox. As Master you can ask them',
    'for a working address, or replace the player.',
    '',
  ].join('\n');
}

export function deliveryFailureSubject(subject: string): string {
  return `Undeliverable: ${subject}`;
}

/** Why a copy is withheld from an address: it stopped its mail, or it never proved itself and reached the day's cap. */
export type Withheld = { readonly kind: 'stopped' } | { readonly kind: 'unproven-cap'; readonly perDay: number };

export function withheldText(withheld: Withheld): string {
  return withheld.kind === 'stopped'
    ? 'the address asked to get no more mail'
    : `the address never proved itself and had its ${withheld.perDay} mails of this kind today`;
}

/** The closing lines of every mail, after the signature separator: how to stop mail, by mail and (with a public URL) by the page. */
export function wayOutLines(judgeAddress: string, token: string, pageUrl: string | null): string {
  return [
    '-- ',
    // Lines under 76 characters, as the rest of the judge's mail (src/render/wrap.ts).
    'To get no more mail from this judge at this address, send a mail to',
    `${judgeAddress} with this line as its Subject:`,
    `STOP ${token}`,
    ...(pageUrl === null ? [] : ['or open this page and press its button:', pageUrl]),
  ].join('\n');
}
