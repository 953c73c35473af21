import type { Seat } from '../model.ts';
import { renderSessionRefusal, type PressRefusal } from '../../render/session-refusals.ts';
import { pressBody, pressEcho, pressHeader, pressSubject, sameRecipients, type PressPlace } from '../../render/press-headers.ts';
import { viewsOfArchive } from './press-headers.ts';
import { hasReader, partyDirectory, type PartyDirectory } from './press-parties.ts';
import { resolveFakeRecipients, resolveRecipients, resolveSender } from './press-recipients.ts';
import { defaultPressKind, pressRuleViolation } from './press-rules.ts';
import { viewOf } from '../visibility/policy.ts';
import { readerOfSeat } from '../visibility/reader.ts';
import {
  MASTER_PARTY,
  OBSERVERS_PARTY,
  type PartyId,
  type PlanPressInput,
  type PressArchive,
  type PressDelivery,
  type PressPlan,
  type PressReader,
  type PressView,
} from './press-types.ts';

// Decides what one PRESS or BROADCAST does: refused with a reason, or delivered to these
// seats with these texts, echoed to the sender and archived. Pure: the judge writes the rows.
//
// Choices where DPjudge and njudge leave room:
// - Masters are bound by no press rule (they set the rules) and write white by default.
// - Press to the Master alone is always allowed: no rule is checked, only that the names exist.
// - A power named in a TO list whose seat has nobody behind it (resigned, dummy, never filled)
//   refuses the press, naming the power; BROADCAST and TO ALL BUT skip such seats silently, and
//   the archive still lists the power so a later holder can read it in HISTORY.
// - The sender never gets a copy (the echo covers it); naming oneself is ignored, and press
//   that would reach nobody else is refused.
// - Grey and fake press show the recipients as the sender wrote them, the sender included if
//   listed: a grey sender can hide among the recipients, and TO ALL BUT X does not single the
//   sender out. White press never lists the sender among its recipients.
// - Observers are one party (`O`); monitors read only the Master's broadcasts.

function refuse(reason: PressRefusal): PressPlan {
  return { ok: false, reason: renderSessionRefusal({ kind: 'press', reason }) };
}

/** Groups stay addressed when the sender belongs to them: other observers, a co-Master. */
function isGroup(party: PartyId): boolean {
  return party === MASTER_PARTY || party === OBSERVERS_PARTY;
}

interface Reader {
  readonly seat: Seat;
  readonly party: PartyId | null;
}

function readersOf(targets: readonly PartyId[], sender: Seat, withMonitors: boolean, directory: PartyDirectory): Reader[] {
  const readers = new Map<number, Reader>();
  for (const party of targets) {
    for (const seat of directory.readersOf(party)) if (seat.id !== sender.id && !readers.has(seat.id)) readers.set(seat.id, { seat, party });
  }
  if (withMonitors) for (const seat of directory.monitors) if (seat.id !== sender.id && !readers.has(seat.id)) readers.set(seat.id, { seat, party: null });
  return [...readers.values()];
}

/**
 * The readers' own choices (njudge): SET NO BROADCAST keeps the players' and observers' broadcasts
 * from a seat (the Master's still reach it: they carry the game's business), and SET ALL PRESS
 * copies partial press silently to the seats that asked for it (Masters; observers under WATCH ALL
 * PRESS). A silent copy is no recipient: the sender's echo does not name it.
 */
function withReaderChoices(readers: Reader[], input: PlanPressInput, broadcast: boolean): Reader[] {
  const { game, sender, seats } = input;
  if (broadcast) {
    const declined = new Set(game.options?.noBroadcast ?? []);
    return sender.role === 'master' ? readers : readers.filter((r) => !declined.has(r.seat.id));
  }
  const watching = new Set(game.options?.allPress ?? []);
  const copies = seats.filter(
    (seat) =>
      watching.has(seat.id) &&
      seat.id !== sender.id &&
      hasReader(seat) &&
      (seat.role === 'master' || (seat.role === 'observer' && game.rules.includes('WATCH_ALL_PRESS'))) &&
      !readers.some((r) => r.seat.id === seat.id),
  );
  return [...readers, ...copies.map((seat) => ({ seat, party: null }))];
}

export function planPress(input: PlanPressInput): PressPlan {
  const { variant, game, sender, seats, command } = input;
  const { options } = command;
  const directory = partyDirectory(variant, game, seats);
  const { naming } = directory;

  if (!hasReader(sender)) return refuse({ kind: 'no-seat' });
  if (command.body.trim() === '') return refuse({ kind: 'empty' });

  const to = resolveRecipients(options.to, directory);
  if (!to.ok) return refuse(to.reason);
  const fakeWritten = resolveFakeRecipients(options.fake, directory);
  if (!fakeWritten.ok) return refuse(fakeWritten.reason);
  const claimed = resolveSender(options.sender, sender.role === 'master' ? 'white' : defaultPressKind(game), directory);
  if (!claimed.ok) return refuse(claimed.reason);

  const self = directory.partyOf(sender);
  const broadcast = to.value.broadcast;
  const targets = isGroup(self) ? to.value.parties : to.value.parties.filter((p) => p !== self);
  const toMasterAlone = !broadcast && targets.length === 1 && targets[0] === MASTER_PARTY;

  if (sender.role !== 'master' && !toMasterAlone) {
    const violation = pressRuleViolation(game, {
      senderRole: sender.role,
      kind: claimed.value.kind,
      explicitWhite: options.sender?.kind === 'white',
      fakeRecipients: fakeWritten.value !== null,
      broadcast,
      ...(input.standing ? { standing: input.standing } : {}),
    });
    if (violation) return refuse(violation);
  }

  if (options.to.kind === 'only') {
    for (const party of targets) {
      if (party === OBSERVERS_PARTY || directory.readersOf(party).length > 0) continue;
      return refuse(party === MASTER_PARTY ? { kind: 'no-master' } : { kind: 'no-player', recipient: naming.recipientName(party) });
    }
  }

  // njudge's PARTIAL FAKES BROADCAST: a player's press (not the Master's, not to the Master alone)
  // is shown as a broadcast; BY DEFAULT only when the sender faked nothing and did not write NO FAKE.
  const fakedAsBroadcast =
    sender.role !== 'master' &&
    !toMasterAlone &&
    (game.rules.includes('PARTIAL_FAKES_BROADCAST') || (game.rules.includes('FAKES_BROADCAST_DEFAULT') && options.fake === null));
  const fake = fakedAsBroadcast ? { ok: true as const, value: { broadcast: true, parties: directory.everyone } } : fakeWritten;

  const readers = withReaderChoices(readersOf(targets, sender, sender.role === 'master' && broadcast, directory), input, broadcast);
  // njudge's WATCH ALL PRESS: observers read partial press too (the sender is not told who read it).
  if (!broadcast && game.rules.includes('WATCH_ALL_PRESS')) {
    for (const seat of directory.readersOf(OBSERVERS_PARTY))
      if (seat.id !== sender.id && !readers.some((r) => r.seat.id === seat.id)) readers.push({ seat, party: null });
  }
  if (readers.length === 0) {
    return refuse(targets.every((p) => p === self) ? { kind: 'only-self' } : { kind: 'nobody-holds' });
  }

  const shownSender = claimed.value.kind === 'white' ? self : claimed.value.kind === 'grey' ? null : claimed.value.party;
  const shownBroadcast = fake.value ? fake.value.broadcast : broadcast;
  const written = fake.value ? fake.value.parties : to.value.parties;
  const shownList = shownBroadcast ? [] : written.filter((p) => shownSender === null || isGroup(shownSender) || p !== shownSender);
  if (!shownBroadcast && shownList.length === 0) return refuse({ kind: 'claims-only-sender' });

  const truth: PressView = { sender: self, broadcast, recipients: broadcast ? [] : targets };
  const shown: PressView = { sender: shownSender, broadcast: shownBroadcast, recipients: shownList };
  const truthfullyAddressed = sameRecipients(shown, truth);
  const archive: PressArchive = {
    kind: claimed.value.kind,
    broadcast,
    recipients: targets,
    shownRecipients: truthfullyAddressed || shownBroadcast ? null : shownList,
    shownBroadcast: truthfullyAddressed ? null : shownBroadcast,
    fakeSender: claimed.value.kind === 'fake' ? claimed.value.party : null,
    sender: self,
    body: command.body,
  };

  // Rendered from the archive, so HISTORY shows exactly what was delivered.
  const views = viewsOfArchive(archive);
  const place: PressPlace = { game: game.name, phase: input.phase ?? null, ...(input.judgeCode ? { judgeCode: input.judgeCode } : {}) };
  const copy = (reader: PressReader) => ({
    subject: pressSubject(views, reader, place, naming),
    body: pressBody(pressHeader(views, reader, game.name, naming), command.body),
  });
  const copies = { master: copy('master'), reader: copy('reader') };

  // Which copy each reader gets is their view's press header form.
  const deliveries: PressDelivery[] = readers.map(({ seat }) => ({
    seatId: seat.id,
    address: seat.address,
    ...copies[viewOf(game, readerOfSeat(seat)).press],
  }));
  const reached = naming.sort(readers.flatMap((r) => (r.party === null ? [] : [r.party])));
  const echo = pressEcho({ views, kind: archive.kind, reached, quiet: options.quiet, game: game.name, text: command.body }, naming);

  return { ok: true, deliveries, echo, archive };
}
