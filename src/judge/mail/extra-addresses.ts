import type { OutgoingMail, SeatRecord } from '../ports.ts';
import type { MailAddress } from '../model.ts';

// Where a seat's game mail goes besides its first address. Pure, so the stores can apply it as
// they queue the mail (the layer rules let the store import it, as it does the port).

/** The game mail a seat's further addresses (SET ADDRESS a,b) get a copy of; a reply goes to whoever wrote. */
const COPIED_KINDS: ReadonlySet<string> = new Set(['results', 'notice', 'press']);

/** Whether the mail goes to a seat's further addresses too (see withExtraAddresses). */
export function copiesToExtraAddresses(mail: Pick<OutgoingMail, 'kind' | 'gameId'>): boolean {
  return mail.gameId != null && COPIED_KINDS.has(mail.kind);
}

/**
 * njudge's SET ADDRESS a,b: a game mail to a seat's (first) address goes to its confirmed further
 * addresses too. `holders` are the game's seats; the stores call this as they queue the mail, so
 * no use case has to remember it. Each address still gets its own copy and its own stop list and
 * cap when sent.
 */
export function withExtraAddresses(mail: OutgoingMail, holders: readonly Pick<SeatRecord, 'address' | 'extraAddresses'>[]): OutgoingMail {
  if (!copiesToExtraAddresses(mail)) return mail;
  const extras = new Map<string, MailAddress[]>();
  for (const holder of holders) {
    const more = holder.extraAddresses ?? [];
    if (more.length === 0) continue;
    const first = holder.address;
    extras.set(first, [...(extras.get(first) ?? []), ...more]);
  }
  if (extras.size === 0) return mail;
  const seen = new Set(mail.to.map((address) => address.toLowerCase()));
  const added = mail.to
    .flatMap((address) => extras.get(address.toLowerCase()) ?? [])
    .filter((extra) => {
      const fresh = !seen.has(extra.toLowerCase());
      seen.add(extra.toLowerCase());
      return fresh;
    });
  return added.length === 0 ? mail : { ...mail, to: [...mail.to, ...added] };
}
