// The judge's words about addresses (src/judge/mail/mail-addresses.ts decides): STOP and its notice to
// the Masters, SET ADDRESS and the code mailed to a new address, CONFIRM ADDRESS.

/** "a", "a and b", "a, b and c". */
export function addressList(addresses: readonly string[]): string {
  return addresses.length <= 1 ? (addresses[0] ?? '') : `${addresses.slice(0, -1).join(', ')} and ${addresses.at(-1)}`;
}

/** A STOP whose code the judge never gave out. */
export function renderUnknownStopToken(token: string): string {
  return `The code in your STOP mail (${token}) is not one this judge gave out, so nothing was stopped. Send the STOP line printed at the end of any mail from this judge, exactly as it is written there.`;
}

/** A bare STOP: how to stop (the token itself is in the reply's closing line, added when it is sent). */
export function renderBareStopReply(address: string): string {
  return [
    `To stop all mail from this judge to ${address}, send the STOP line printed at the end of this mail (or any other mail from this judge) as the Subject of a mail to the judge, or use your mail program's unsubscribe button.`,
    'Nothing has been stopped yet: the code in that line shows the request comes from someone who reads mail at this address.',
  ].join('\n');
}

/** The seat whose address stopped, as its game's Master is told. */
export interface StoppedSeat {
  readonly gameName: string;
  readonly role: string;
  readonly power: string | null;
}

export function renderStopNotice(seat: StoppedSeat): string {
  const role = seat.role === 'power' ? 'player' : seat.role;
  const who = seat.power ? `The player of ${seat.power}` : `${/^[aeiou]/.test(role) ? 'An' : 'A'} ${role}`;
  const body = [
    `${who} in game '${seat.gameName}' asked this judge to send no more mail to their address.`,
    'They get no results, press or notices until they write to the judge again with their password.',
    seat.power ? 'If they stop sending orders, their power goes into civil disorder as usual; you may look for a replacement.' : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return `${body}\n`;
}

export function stopNoticeSubject(judgeCode: string, gameName: string): string {
  return `${judgeCode}:${gameName} Address stopped`;
}

/** What SET ADDRESS did with the addresses it listed. */
export interface AddressesSet {
  readonly gameName: string;
  /** The seat's addresses before. */
  readonly current: readonly string[];
  /** Listed addresses the seat had already, now its addresses in the order listed. */
  readonly kept: readonly string[];
  /** Whether the kept addresses differ from the current ones. */
  readonly keptChanged: boolean;
  /** Addresses the seat had and the list left out. */
  readonly dropped: readonly string[];
  /** New addresses that asked to stop all mail: no code was sent. */
  readonly stopped: readonly string[];
  /** New addresses a code was mailed to. */
  readonly fresh: readonly string[];
}

export function renderAddressesSet(set: AddressesSet): string {
  const game = `game '${set.gameName}'`;
  const { kept, fresh, stopped } = set;
  const lines: string[] = [];
  if (kept.length > 0) {
    // With new addresses to confirm, "until then" below says where mail goes meanwhile.
    if (set.keptChanged) lines.push(`Mail for you in ${game} now goes to ${addressList(kept)}.`);
    else if (fresh.length === 0) lines.push(`Mail for you in ${game} already goes to ${addressList(kept)}.`);
    if (set.dropped.length > 0) lines.push(`It no longer goes to ${addressList(set.dropped)}.`);
  }
  if (stopped.length > 0) {
    lines.push(
      `No code was mailed to ${addressList(stopped)}: ${stopped.length === 1 ? 'that address has' : 'those addresses have'} asked this judge to stop all mail. A mail from there with a valid password lifts the stop; then send SET ADDRESS again.`,
    );
  }
  if (fresh.length === 1) {
    lines.push(
      `A code was mailed to ${fresh[0]}. Mail for you in ${game} goes there once that code comes back from ${fresh[0]} (reply to the mail, or send CONFIRM ADDRESS and the code).`,
    );
  } else if (fresh.length > 1) {
    lines.push(
      `A code was mailed to each of ${addressList(fresh)}. Mail for you in ${game} goes to each of them once its own code comes back from there (reply to the mail, or send CONFIRM ADDRESS and the code).`,
    );
  }
  if (fresh.length === 0 && kept.length === 0) lines.push(`Mail for you in ${game} still goes to ${addressList(set.current)}.`);
  if (fresh.length > 0) lines.push(`Until then it ${kept.length > 0 ? 'goes only' : 'still goes'} to ${addressList(kept.length > 0 ? kept : set.current)}.`);
  return lines.join('\n');
}

/** The mail asking a new address to send its code back (wrapped by the caller). */
export interface AddressCode {
  readonly gameName: string;
  readonly judgeAddress: string;
  readonly address: string;
  readonly code: string;
  readonly days: number;
}

export function renderAddressCodeMail(mail: AddressCode): string {
  return [
    `Someone playing in game '${mail.gameName}' on the Diplomacy judge ${mail.judgeAddress} asked for their mail in that game to go to this address, ${mail.address}.`,
    '',
    'If that was you, reply to this mail, or send a mail to the judge whose Subject or first line is:',
    '',
    `  CONFIRM ADDRESS ${mail.code}`,
    '',
    `The code works once, for ${mail.days} days. If you did not ask for this, do nothing: nothing changes, and this judge will not write to you about it again.`,
  ].join('\n');
}

export function addressCodeSubject(judgeCode: string, gameName: string, code: string): string {
  return `${judgeCode}:${gameName} confirm address ${code}`;
}

/** CONFIRM ADDRESS: the seat's addresses now, or why the code did nothing. */
export type AddressConfirmed =
  | { readonly kind: 'confirmed'; readonly gameName: string; readonly addresses: readonly string[] }
  | { readonly kind: 'no-change'; readonly sender: string; readonly code: string; readonly days: number };

export function renderAddressConfirmed(result: AddressConfirmed): string {
  if (result.kind === 'confirmed') return `Mail for you in game '${result.gameName}' now goes to ${addressList(result.addresses)}.`;
  return `No address change for ${result.sender} waits for the code ${result.code}: a code works once, for ${result.days} days, only from the address it was mailed to, and only the latest SET ADDRESS of a seat counts. Nothing was changed; send SET ADDRESS again for a new code.`;
}
