import { randomInt } from 'node:crypto';
import { wrapLongLines } from '../../render/wrap.ts';
import {
  addressCodeSubject,
  renderAddressCodeMail,
  renderAddressConfirmed,
  renderAddressesSet,
  renderBareStopReply,
  renderStopNotice,
  renderUnknownStopToken,
  stopNoticeSubject,
} from '../../render/address-replies.ts';
import type { InboundMail } from './inbound-mail.ts';
import type { JudgeConfig } from '../context.ts';
import type { AddressPorts, AddressSeat, GamesPort, JudgeStore, MailAddressPort, OutboxPort, OutgoingMail, SeatRecord } from '../ports.ts';
import type { MailAddress } from '../model.ts';
import { inUnitOfWork } from '../unit-of-work.ts';

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
export async function stopByToken(
  tx: AddressPorts,
  config: JudgeConfig,
  token: string,
  now: Date,
): Promise<{ readonly stopped: string | null; readonly already: boolean; readonly reply: string | null }> {
  const stopped = await tx.stopAddress(token, now);
  if (stopped === null) {
    return {
      stopped: null,
      already: false,
      reply: renderUnknownStopToken(token),
    };
  }
  if (!stopped.already) for (const mail of stopNotices(config, stopped.address, await tx.seatsAtAddress(stopped.address))) await tx.enqueueMail(mail);
  return { stopped: stopped.address, already: stopped.already, reply: null };
}

/** What became of a one-click unsubscribe (RFC 8058). */
export type LinkStop = 'stopped' | 'already-stopped' | 'unknown-token';

/**
 * The one-click link's POST /unsubscribe/<token> (src/web/server.ts): exactly a mailed STOP
 * <token>, in a transaction of its own: the address stops and each game's Master is told.
 */
export async function stopByLink(store: JudgeStore, config: JudgeConfig, token: string, now: Date): Promise<LinkStop> {
  const stop = await store.transaction((tx) => inUnitOfWork(tx, (work) => stopByToken(work, config, token.toLowerCase(), now)));
  return stop.stopped === null ? 'unknown-token' : stop.already ? 'already-stopped' : 'stopped';
}

/** One notice to each game's Master naming the seat whose address stopped (the Master's own seats are left out). */
export function stopNotices(config: JudgeConfig, address: MailAddress, seats: readonly AddressSeat[]): OutgoingMail[] {
  return seats.flatMap((seat) => {
    if (seat.masterAddress === null || seat.masterAddress === address || seat.role === 'master') return [];
    const body = renderStopNotice({ gameName: seat.gameName, role: seat.role, power: seat.power });
    return [{ to: [seat.masterAddress], subject: stopNoticeSubject(config.code, seat.gameName), body, gameId: seat.gameId, kind: 'notice' }];
  });
}

/** A bare STOP: the reply tells how to stop (the token itself is in the reply's closing line, added when it is sent). */
export function bareStopReply(address: string): string {
  return renderBareStopReply(address);
}

/** The seat's addresses, first one first. */
export function seatAddresses(seat: Pick<SeatRecord, 'address' | 'extraAddresses'>): MailAddress[] {
  return [seat.address, ...(seat.extraAddresses ?? [])];
}

/**
 * SET ADDRESS a[,b…] (njudge): the seat's game mail goes to every address listed, the first one
 * first. Addresses the seat already has stay (and the ones not listed are dropped) at once; each
 * new address is mailed its own code and gets nothing else until that code comes back from it
 * (confirmAddress), so no one can point mail at a stranger. While none of the listed addresses
 * is the seat's yet, mail keeps going where it went. Returns the lines for the reply.
 */
export async function setAddresses(
  tx: Pick<MailAddressPort, 'stoppedAddresses' | 'requestAddressChanges'> & Pick<GamesPort, 'updateSeat'> & OutboxPort,
  config: JudgeConfig,
  request: {
    readonly seat: Pick<SeatRecord, 'id' | 'address' | 'extraAddresses'>;
    readonly gameId: number;
    readonly gameName: string;
    readonly addresses: readonly MailAddress[];
  },
  now: Date,
): Promise<string> {
  const wanted = [...new Set(request.addresses)];
  const current = seatAddresses(request.seat);
  const kept = wanted.filter((address) => current.includes(address));
  const newAddresses = wanted.filter((address) => !current.includes(address));
  // An address that asked to stop all mail gets no code either: its owner lifts the stop first.
  const stopped = await tx.stoppedAddresses(newAddresses);
  const fresh = newAddresses.filter((address) => !stopped.includes(address));
  const keptChanged = kept.length > 0 && !(kept.length === current.length && kept.every((address, n) => address === current[n]));
  if (keptChanged) await tx.updateSeat(request.seat.id, { address: kept[0]!, extraAddresses: kept.slice(1) });
  const changes = fresh.map((address) => ({
    code: newAddressCode(),
    seatId: request.seat.id,
    address,
    addresses: wanted.filter((other) => !stopped.includes(other)),
  }));
  // Even with nothing new, this SET ADDRESS replaces any codes an earlier one left waiting.
  await tx.requestAddressChanges(request.seat.id, changes, now);
  for (const change of changes) await tx.enqueueMail(codeMail(config, request.gameId, request.gameName, change.address, change.code));
  const dropped = current.filter((address) => !wanted.includes(address));
  return renderAddressesSet({ gameName: request.gameName, current, kept, keptChanged, dropped, stopped, fresh });
}

/** The mail asking a new address to send its code back. */
function codeMail(config: JudgeConfig, gameId: number, gameName: string, address: MailAddress, code: string): OutgoingMail {
  const body = renderAddressCodeMail({ gameName, judgeAddress: config.address, address, code, days: ADDRESS_CODE_DAYS });
  // Wrapped here: the sender wraps only replies and notices, and this mail is neither.
  return { to: [address], subject: addressCodeSubject(config.code, gameName, code), body: `${wrapLongLines(body)}\n`, gameId, kind: 'confirm-address' };
}

/**
 * CONFIRM ADDRESS <code>, sent from the new address: the address joins the seat's, in the place
 * its SET ADDRESS listed it, and any address that SET ADDRESS did not list is dropped. Returns the reply.
 */
export async function confirmAddress(tx: AddressPorts, sender: MailAddress, code: string, now: Date): Promise<string> {
  const notBefore = new Date(now.getTime() - ADDRESS_CODE_DAYS * 24 * 3600_000);
  // Only a mail from the new address can use the code: it proves the code reached it.
  const change = await tx.takeAddressChange(code, sender, notBefore);
  if (change === null) {
    return renderAddressConfirmed({ kind: 'no-change', sender, code, days: ADDRESS_CODE_DAYS });
  }
  const game = await tx.findGameById(change.gameId, { forUpdate: true });
  const seat = (await tx.seats(change.gameId)).find((s) => s.id === change.seatId);
  const current = seat ? seatAddresses(seat) : [];
  const addresses = change.addresses.filter((address) => address === change.address || current.includes(address));
  await tx.updateSeat(change.seatId, { address: addresses[0]!, extraAddresses: addresses.slice(1) });
  await tx.markAddressProven(change.address, now);
  return renderAddressConfirmed({ kind: 'confirmed', gameName: game?.name ?? String(change.gameId), addresses });
}
