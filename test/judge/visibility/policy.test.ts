import { describe, expect, it } from 'vitest';
import type { OrderResult } from '../../../src/engine/results.ts';
import type { PowerId } from '../../../src/engine/types.ts';
import { mailAddress, type GameRule, type Seat, type SeatRole, type SeatStatus } from '../../../src/judge/model.ts';
import {
  liveOrdersShown,
  playerRecordScope,
  resultsAudiences,
  resultsKey,
  shownAddress,
  shownAddresses,
  shownPosition,
  shownResults,
  viewOf,
  type VisibleGame,
} from '../../../src/judge/visibility/policy.ts';
import { JUDGEKEEPER, MASTER, PUBLIC, readerOfSeat, type Reader } from '../../../src/judge/visibility/reader.ts';
import { standard } from '../../render/helpers.ts';

// The visibility policy on plain values: each reader of a normal, a gunboat and a NO_REVEAL game,
// in play and ended. What every output then writes from these views is played by mail in
// test/judge/game-options.test.ts, player-record.test.ts, mail-addresses.test.ts and press/press-leaks.test.ts.

function seat(
  id: number,
  role: SeatRole,
  power: PowerId | null,
  status: SeatStatus = 'active',
): Seat & { extraAddresses?: readonly ReturnType<typeof mailAddress>[] } {
  return { id, role, power, address: mailAddress(`${power ?? role}${id}@example.org`), status, wait: false };
}

const masterSeat = seat(1, 'master', null);
const franceSeat = { ...seat(2, 'power', 'FRANCE'), extraAddresses: [mailAddress('france-too@example.org')] };
const germanySeat = seat(3, 'power', 'GERMANY');
const observerSeat = seat(4, 'observer', null);
const seats = [masterSeat, franceSeat, germanySeat, observerSeat];

const READERS: Record<string, Reader> = {
  player: readerOfSeat(franceSeat),
  observer: readerOfSeat(observerSeat),
  master: MASTER,
  public: PUBLIC,
  judgekeeper: JUDGEKEEPER,
};

const KINDS: Record<string, readonly GameRule[]> = {
  normal: [],
  // CREATE … gunboat sets NO_REVEAL with it (game-options.ts); the policy holds with either alone.
  gunboat: ['GUNBOAT'],
  NO_REVEAL: ['NO_REVEAL'],
};

const game = (kind: string, status: string): VisibleGame => ({ rules: KINDS[kind]!, status });

/** Which of the seats' addresses the reader is shown: M(aster), F(rance), G(ermany), O(bserver). */
function addressesSeen(view: ReturnType<typeof viewOf>): string {
  return [...seats].map((s, i) => (shownAddress(view, s) === null ? '-' : 'MFGO'[i])).join('');
}

describe('the visibility policy', () => {
  // reader → [players, records, liveOrders, press, addresses seen] for each game kind, in play and ended.
  const expected: Record<string, Record<string, Record<string, readonly [string, boolean, string, string, string]>>> = {
    normal: {
      active: {
        player: ['numbered', true, 'own', 'reader', 'MF--'],
        observer: ['numbered', true, 'none', 'reader', '----'],
        master: ['named', true, 'all', 'master', 'MFGO'],
        public: ['numbered', true, 'none', 'reader', '----'],
        judgekeeper: ['named', true, 'all', 'reader', 'MFGO'],
      },
      completed: {
        player: ['named', true, 'own', 'reader', 'MFGO'],
        observer: ['named', true, 'none', 'reader', 'MFGO'],
        master: ['named', true, 'all', 'master', 'MFGO'],
        public: ['named', true, 'none', 'reader', 'MFGO'],
        judgekeeper: ['named', true, 'all', 'reader', 'MFGO'],
      },
    },
    gunboat: {
      active: {
        player: ['hidden', false, 'own', 'reader', 'MF--'],
        observer: ['hidden', false, 'none', 'reader', '----'],
        master: ['named', true, 'all', 'master', 'MFGO'],
        public: ['hidden', false, 'none', 'reader', '----'],
        judgekeeper: ['named', true, 'none', 'reader', 'MFGO'],
      },
      completed: {
        player: ['hidden', false, 'own', 'reader', 'MF--'],
        observer: ['hidden', false, 'none', 'reader', '----'],
        master: ['named', true, 'all', 'master', 'MFGO'],
        public: ['hidden', false, 'none', 'reader', '----'],
        judgekeeper: ['named', true, 'none', 'reader', 'MFGO'],
      },
    },
    NO_REVEAL: {
      active: {
        player: ['hidden', false, 'own', 'reader', 'MF--'],
        observer: ['hidden', false, 'none', 'reader', '----'],
        master: ['named', true, 'all', 'master', 'MFGO'],
        public: ['hidden', false, 'none', 'reader', '----'],
        judgekeeper: ['named', true, 'all', 'reader', 'MFGO'],
      },
      completed: {
        player: ['hidden', false, 'own', 'reader', 'MF--'],
        observer: ['hidden', false, 'none', 'reader', '----'],
        master: ['named', true, 'all', 'master', 'MFGO'],
        public: ['hidden', false, 'none', 'reader', '----'],
        judgekeeper: ['named', true, 'all', 'reader', 'MFGO'],
      },
    },
  };

  for (const [kind, byStatus] of Object.entries(expected)) {
    for (const [status, byReader] of Object.entries(byStatus)) {
      it(`shows each reader of a ${kind} game (${status}) what the rules allow`, () => {
        const actual = Object.fromEntries(
          Object.entries(READERS).map(([name, reader]) => {
            const view = viewOf(game(kind, status), reader);
            return [name, [view.players, view.records, view.liveOrders, view.press, addressesSeen(view)]];
          }),
        );
        expect(actual).toEqual(byReader);
      });
    }
  }

  it('names who joined or left the Masters to the Masters (and the judgekeeper) only', () => {
    for (const kind of Object.keys(KINDS)) {
      const named = Object.entries(READERS)
        .filter(([, reader]) => viewOf(game(kind, 'active'), reader).mastersChangeNamed)
        .map(([name]) => name);
      expect(named).toEqual(['master', 'judgekeeper']);
    }
  });

  it('labels only a gunboat game Gunboat, for every reader', () => {
    for (const reader of Object.values(READERS)) {
      expect(viewOf(game('gunboat', 'active'), reader).gunboatLabel).toBe(true);
      expect(viewOf(game('NO_REVEAL', 'active'), reader).gunboatLabel).toBe(false);
      expect(viewOf(game('normal', 'completed'), reader).gunboatLabel).toBe(false);
    }
  });

  it("names everyone's every address once the Master reveals a hidden game, and the address a seat added by SET ADDRESS", () => {
    const revealed = viewOf({ ...game('gunboat', 'completed'), revealedByMaster: true }, PUBLIC);
    expect(revealed.players).toBe('named');
    expect(shownAddresses(revealed, franceSeat)).toEqual(['france2@example.org', 'france-too@example.org']);
    expect(shownAddresses(viewOf(game('gunboat', 'completed'), PUBLIC), franceSeat)).toBeNull();
  });

  it("shows a player the texts of their own power's orders only, the Master everyone's", () => {
    const player = viewOf(game('normal', 'active'), READERS.player!);
    expect(liveOrdersShown(player, 'FRANCE')).toBe(true);
    expect(liveOrdersShown(player, 'GERMANY')).toBe(false);
    expect(liveOrdersShown(viewOf(game('gunboat', 'active'), MASTER), 'GERMANY')).toBe(true);
    expect(liveOrdersShown(viewOf(game('gunboat', 'active'), JUDGEKEEPER), 'GERMANY')).toBe(false);
    expect(liveOrdersShown(viewOf(game('normal', 'active'), PUBLIC), 'FRANCE')).toBe(false);
  });

  it('shows the whole board to everyone in a game that is not blind', () => {
    const position = standard.startingPosition();
    const results: OrderResult[] = [];
    for (const kind of Object.keys(KINDS)) {
      for (const reader of Object.values(READERS)) {
        const view = viewOf(game(kind, 'active'), reader);
        expect(shownPosition(view, position, standard)).toBe(position);
        expect(shownResults(view, results, standard, position)).toBe(results);
      }
    }
  });

  it("counts hidden games in a player's own record only", () => {
    expect(playerRecordScope(true)).toEqual({ withoutHiddenGames: false });
    expect(playerRecordScope(false)).toEqual({ withoutHiddenGames: true });
  });
});

describe('results audiences', () => {
  it('groups the followers by the results their views show: one render for all today, the resigned left out', () => {
    const resigned = seat(5, 'power', 'ITALY', 'resigned');
    for (const kind of Object.keys(KINDS)) {
      const audiences = resultsAudiences(game(kind, 'active'), [...seats, resigned]);
      expect(audiences).toHaveLength(1);
      expect(audiences[0]!.seats.map((s) => s.id)).toEqual([1, 2, 3, 4]);
      expect(audiences[0]!.key).toBe(resultsKey(viewOf(game(kind, 'active'), PUBLIC)));
    }
  });

  it('gives views that show different results different keys', () => {
    expect(resultsKey(viewOf(game('gunboat', 'active'), PUBLIC))).not.toBe(resultsKey(viewOf(game('normal', 'active'), PUBLIC)));
  });
});
