import type { PowerRef } from '../../commands/power-list.ts';
import type { Variant } from '../../engine/variant.ts';
import { groupName } from '../../render/press-headers.ts';
import type { Game, Seat, SeatStatus } from '../model.ts';
import { MASTER_PARTY, OBSERVERS_PARTY, PRESTART_PREFIX, type PartyId } from './press-types.ts';

// Who press can name, how they are called in headers and subjects, and which seats read
// what is sent to them. Observers are one group (`O`): seats carry no observer names, and
// naming one observer to the others would tell them who is listening.

/** How parties are written; needs only the variant, so archived press can be rendered again. */
export interface PartyNaming {
  /** "France", "the Master", "an Observer", "POWER#3". */
  senderName(id: PartyId): string;
  /** "France", "the Master", "the Observers", "POWER#3". */
  recipientName(id: PartyId): string;
  /** The letter used in subjects and run-together lists: F, M, O, 3. */
  initial(id: PartyId): string;
  /** Canonical order: map powers, pre-start seats, the Master, the observers. */
  sort(ids: Iterable<PartyId>): PartyId[];
}

/** The parties of one game and the seats behind them. */
export interface PartyDirectory {
  readonly naming: PartyNaming;
  /** Everything a token may name, for resolvePowerList (M and O are built in there). */
  readonly refs: readonly PowerRef<PartyId>[];
  /** Everyone a broadcast or TO ALL BUT reaches, in canonical order. */
  readonly everyone: readonly PartyId[];
  partyOf(seat: Seat): PartyId;
  /** Seats whose holder reads what is sent to the party (vacant and dummy seats read nothing). */
  readersOf(party: PartyId): readonly Seat[];
  /** Monitors read only results and the Master's broadcasts. */
  readonly monitors: readonly Seat[];
}

/** Seats with a person behind them; a resigned seat awaits a takeover and a dummy is nobody's. */
const READER_STATUSES: ReadonlySet<SeatStatus> = new Set<SeatStatus>(['active', 'cd', 'abandoned', 'eliminated']);

export function hasReader(seat: Seat): boolean {
  return READER_STATUSES.has(seat.status);
}

function prestartNumber(id: PartyId): number | null {
  if (!id.startsWith(PRESTART_PREFIX)) return null;
  const n = Number(id.slice(PRESTART_PREFIX.length));
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function partyNaming(variant: Variant): PartyNaming {
  const powerCount = variant.powers.length;
  const rank = (id: PartyId): number => {
    if (id === MASTER_PARTY) return Number.MAX_SAFE_INTEGER - 1;
    if (id === OBSERVERS_PARTY) return Number.MAX_SAFE_INTEGER;
    const index = variant.powerIndex(id);
    if (index >= 0) return index;
    return powerCount + (prestartNumber(id) ?? 0);
  };
  const name = (id: PartyId, as: 'sender' | 'recipient'): string => {
    if (id === MASTER_PARTY) return groupName('master', as);
    if (id === OBSERVERS_PARTY) return groupName('observers', as);
    return variant.powers.find((p) => p.id === id)?.name ?? id;
  };
  return {
    senderName: (id) => name(id, 'sender'),
    recipientName: (id) => name(id, 'recipient'),
    initial: (id) => {
      if (id === MASTER_PARTY || id === OBSERVERS_PARTY) return id;
      const power = variant.powers.find((p) => p.id === id);
      if (power) return power.initial;
      return String(prestartNumber(id) ?? id);
    },
    sort: (ids) => [...new Set(ids)].sort((a, b) => rank(a) - rank(b)),
  };
}

/**
 * Players of a game that has not started hold no power yet; they are numbered POWER#1, #2 …
 * in the order their seats were created, as DPjudge numbers them.
 */
function prestartSeats(seats: readonly Seat[]): ReadonlyMap<PartyId, Seat> {
  const unassigned = seats.filter((s) => s.role === 'power' && s.power === null).sort((a, b) => a.id - b.id);
  return new Map(unassigned.map((seat, index) => [`${PRESTART_PREFIX}${index + 1}` as PartyId, seat]));
}

export function partyDirectory(variant: Variant, game: Pick<Game, 'status'>, seats: readonly Seat[]): PartyDirectory {
  const naming = partyNaming(variant);
  const prestart = prestartSeats(seats);
  const prestartIdOf = new Map([...prestart].map(([id, seat]) => [seat.id, id]));
  const started = game.status !== 'forming' && game.status !== 'preparation';

  const refs: PowerRef<PartyId>[] = [
    ...variant.powers.map((p) => ({ id: p.id, name: p.name, initial: p.initial })),
    ...[...prestart.keys()].map((id) => {
      const n = prestartNumber(id)!;
      return { id, name: id, initial: n < 10 ? String(n) : null };
    }),
  ];
  const players = started ? variant.powers.map((p) => p.id) : [...prestart.keys()];

  const partyOf = (seat: Seat): PartyId => {
    switch (seat.role) {
      case 'master':
        return MASTER_PARTY;
      case 'observer':
      case 'monitor':
        return OBSERVERS_PARTY;
      case 'power':
        return seat.power ?? prestartIdOf.get(seat.id)!;
    }
  };

  const readersOf = (party: PartyId): readonly Seat[] => {
    if (party === MASTER_PARTY) return seats.filter((s) => s.role === 'master' && hasReader(s));
    if (party === OBSERVERS_PARTY) return seats.filter((s) => s.role === 'observer' && hasReader(s));
    const prestartSeat = prestart.get(party);
    if (prestartSeat) return hasReader(prestartSeat) ? [prestartSeat] : [];
    return seats.filter((s) => s.role === 'power' && s.power === party && hasReader(s));
  };

  return {
    naming,
    refs,
    everyone: [...players, MASTER_PARTY, OBSERVERS_PARTY],
    partyOf,
    readersOf,
    monitors: seats.filter((s) => s.role === 'monitor' && hasReader(s)),
  };
}
