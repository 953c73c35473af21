import { randomInt } from 'node:crypto';
import type { InboundMail } from './inbound-mail.ts';
import type { JudgeConfig } from './context.ts';
import type { AddressSeat, JudgeTransaction, OutgoingMail } from './ports.ts';

// The judge never becomes a way to mail strangers (issue 10): the mails that act on an address
// rather than on a game. STOP <token> (the judge's List-Unsubscribe mailto and the closing line of
// every mail it sends, src/mail/unsubscribe.ts) stops all mail to the address the token was
// given to, and each game's Master hears that a player's address stopped; SET ADDRESS to a new
// address waits for a code mailed there (CONFIRM ADDRESS <code>) to come back from it.
// An address that asked to stop gets nothing more until it writes again with a valid password
// (Judge marks it proven then, which lifts the stop).

/** How long a SET ADDRESS code works. */
export const ADDRESS_CODE_DAYS = 7;

/** The word of a STOP line, the token after it (the judge's tokens: 20 lower-case letters and digits). */
const STOP_LINE = /^\s*(?:re:\s*)?(?:stop|unsubscribe)\s+([a-z0-9]{20})\s*$/i;
const BARE_STOP = /^\s*(?:re:\s*)?(?:stop|unsubscribe)\s*$/i;
/** CONFIRM ADDRESS <code> anywhere in the Subject or a line (a reply quotes the judge's mail). */
const CONFIRM = /\bconfirm\s+address\s+([A-Z0-9]{10})\b/i;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** What a mail asks about an address, read from its Subject and first line; null: an ordinary mail. */
export type AddressRequest =
  | { readonly kind: 'stop'; readonly token: string }
  | { readonly kind: 'bare-stop' }
  | { readonly kind: 'confirm'; readonly code: string };

export function readAddressRequest(message: Pick<InboundMail, 'subject' | 'text'>): AddressRequest | null {
  const lines = (message.text ?? '').split('\n').map((line) => line.trim());
  const firstLine = lines.find((line) => line !== '') ?? '';
  for (const text of [message.subject ?? '', firstLine]) {
    const stop = STOP_LINE.exec(text);
    if (stop) return { kind: 'stop', token: stop[1]!.toLowerCase() };
  }
  const confirm = CONFIRM.exec(message.subject ?? '') ?? lines.map((line) => CONFIRM.exec(line.replace(/^[>\s]+/, ''))).find((match) => match !== null) ?? null;
  if (confirm) return { kind: 'confirm', code: confirm[1]!.toUpperCase() };
  // A bare STOP: as the Subject (whatever the body holds), or as the body's only line.
  const words = lines.filter((line) => line !== '');
  if (BARE_STOP.test(message.subject ?? '') || (words.length === 1 && BARE_STOP.test(words[0]!))) return { kind: 'bare-stop' };
  return null;
}

/** A new SET ADDRESS code: ten letters and digits without the easily confused ones. */
export function newAddressCode(): string {
  return Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * STOP <token>: stops all mail to the token's address and tells the Master of each game where
 * that address holds a seat. Returns the reply to send (to the sender), or null for none: a
 * stopped address is sent nothing, not even a confirmation.
 */
export async function stopByToken(tx: JudgeTransaction, config: JudgeConfig, token: string, now: Date): Promise<{ readonly stopped: string | null; readonly reply: string | null }> {
  const stopped = await tx.stopAddress(token, now);
  if (stopped === null) {
    return {
      stopped: null,
      reply: `The code in your STOP mail (${token}) is not one this judge gave out, so nothing was stopped. Send the STOP line printed at the end of any mail from this judge, exactly as it is written there.`,
    };
  }
  if (!stopped.already) for (const mail of stopNotices(config, stopped.address, await tx.seatsAtAddress(stopped.address))) await tx.enqueueMail(mail);
  return { stopped: stopped.address, reply: null };
}

/** One notice to each game's Master naming the seat whose address stopped (the Master's own seats are left out). */
export function stopNotices(config: JudgeConfig, address: string, seats: readonly AddressSeat[]): OutgoingMail[] {
  return seats.flatMap((seat) => {
    if (seat.masterAddress === null || seat.masterAddress.toLowerCase() === address.toLowerCase() || seat.role === 'master') return [];
    const who = seat.power ? `The player of ${seat.power}` : `A ${seat.role} of the game`;
    const body = [
      `${who} in game '${seat.gameName}' asked this judge to send no more mail to their address.`,
      'They get no results, press or notices until they write to the judge again with their password.',
      seat.power ? 'If they stop sending orders, their power goes into civil disorder as usual; you may look for a replacement.' : '',
    ].filter((line) => line !== '').join('\n');
    return [{ to: [seat.masterAddress], subject: `${config.code}:${seat.gameName} Address stopped`, body: `${body}\n`, gameId: seat.gameId, kind: 'notice' }];
  });
}

/** A bare STOP: the reply tells how to stop (the token itself is in the reply's closing line, added when it is sent). */
export function bareStopReply(address: string): string {
  return [
    `To stop all mail from this judge to ${address}, send the STOP line printed at the end of this mail (or any other mail from this judge) as the Subject of a mail to the judge, or use your mail program's unsubscribe button.`,
    'Nothing has been stopped yet: the code in that line shows the request comes from someone who reads mail at this address.',
  ].join('\n');
}

/**
 * SET ADDRESS to a new address: records a code and mails it there; the address changes only when
 * it comes back from there (confirmAddress). Returns the line for the reply to the player.
 */
export async function requestAddressChange(
  tx: JudgeTransaction,
  config: JudgeConfig,
  request: { readonly seatId: number; readonly gameId: number; readonly gameName: string; readonly currentAddress: string; readonly address: string },
  now: Date,
): Promise<string> {
  const code = newAddressCode();
  await tx.requestAddressChange({ code, seatId: request.seatId, address: request.address }, now);
  const body = [
    `Someone playing in game '${request.gameName}' on the Diplomacy judge ${config.address} asked for their mail in that game to go to this address, ${request.address}.`,
    '',
    'If that was you, reply to this mail, or send a mail to the judge whose Subject or first line is:',
    '',
    `  CONFIRM ADDRESS ${code}`,
    '',
    `The code works once, for ${ADDRESS_CODE_DAYS} days. If you did not ask for this, do nothing: nothing changes, and this judge will not write to you about it again.`,
  ].join('\n');
  await tx.enqueueMail({ to: [request.address], subject: `${config.code}:${request.gameName} confirm address ${code}`, body: `${body}\n`, gameId: request.gameId, kind: 'confirm-address' });
  return [
    `A code was mailed to ${request.address}. Mail for you in game '${request.gameName}' goes there once that code comes back from ${request.address} (reply to the mail, or send CONFIRM ADDRESS and the code).`,
    `Until then it still goes to ${request.currentAddress}.`,
  ].join('\n');
}

/** CONFIRM ADDRESS <code>, sent from the new address: moves the seat's mail there. Returns the reply. */
export async function confirmAddress(tx: JudgeTransaction, sender: string, code: string, now: Date): Promise<string> {
  const notBefore = new Date(now.getTime() - ADDRESS_CODE_DAYS * 24 * 3600_000);
  // Only a mail from the new address can use the code: it proves the code reached it.
  const change = await tx.takeAddressChange(code, sender.toLowerCase(), notBefore);
  if (change === null) {
    return `No address change for ${sender} waits for the code ${code}: a code works once, for ${ADDRESS_CODE_DAYS} days, only from the address it was mailed to, and only the latest SET ADDRESS of a seat counts. Nothing was changed; send SET ADDRESS again for a new code.`;
  }
  const game = await tx.findGameById(change.gameId, { forUpdate: true });
  await tx.updateSeat(change.seatId, { address: change.address });
  await tx.markAddressProven(change.address, now);
  return `Mail for you in game '${game?.name ?? change.gameId}' now goes to ${change.address}.`;
}
