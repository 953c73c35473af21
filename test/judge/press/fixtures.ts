import { loadVariant } from '../../../src/catalog/variant-catalog.ts';
import { parseBody } from '../../../src/commands/index.ts';
import type { Game, GameRule, GameStatus, Seat, SeatRole, SeatStatus } from '../../../src/judge/model.ts';
import { planPress, type PressCommand, type PressPlan } from '../../../src/judge/press/index.ts';
import type { PowerId } from '../../../src/engine/types.ts';
import { gameName } from '../../support/names.ts';
import { mailAddress } from '../../../src/judge/model.ts';
import { commandProblemText } from '../../../src/render/command-problems.ts';

// A seven-power standard game with a Master, two observers and a monitor; press commands are
// read from mail text by the real parser, so tests use the syntax players write.

export const standard = loadVariant('standard');

function seat(id: number, role: SeatRole, power: PowerId | null, address: string, status: SeatStatus = 'active'): Seat {
  return { id, role, power, address: mailAddress(address), status, wait: false };
}

export const POWER_SEATS: readonly Seat[] = standard.powers.map((p, index) => seat(index + 1, 'power', p.id, `${p.name.toLowerCase()}.player@players.test`));
export const MASTER_SEAT = seat(8, 'master', null, 'gm.person@masters.test');
export const OBSERVER_1 = seat(9, 'observer', null, 'kibitzer.one@watch.test');
export const OBSERVER_2 = seat(10, 'observer', null, 'kibitzer.two@watch.test');
export const MONITOR_SEAT = seat(11, 'monitor', null, 'floc.robot@monitor.test');
export const SEATS: readonly Seat[] = [...POWER_SEATS, MASTER_SEAT, OBSERVER_1, OBSERVER_2, MONITOR_SEAT];

export function powerSeat(id: string): Seat {
  const found = POWER_SEATS.find((s) => s.power === id);
  if (!found) throw new Error(`no seat for ${id}`);
  return found;
}

/** Seat ids by a short name: power ids, `M`, `O1`, `O2`, `MON`. */
export const SEAT_NAMES: Readonly<Record<number, string>> = Object.fromEntries([
  ...POWER_SEATS.map((s) => [s.id, s.power!]),
  [MASTER_SEAT.id, 'M'],
  [OBSERVER_1.id, 'O1'],
  [OBSERVER_2.id, 'O2'],
  [MONITOR_SEAT.id, 'MON'],
]);

export const BODY = 'Shall we talk about the Balkans?';

/** The press command of a PRESS/BROADCAST line followed by `text` and ENDPRESS. */
export function pressCommand(line: string, text: string = BODY): PressCommand {
  const parsed = parseBody(`SIGNON Xdemo secret\n${line}\n${text}\nENDPRESS\n`);
  if (parsed.errors.length > 0) throw new Error(`parse errors: ${parsed.errors.map((e) => commandProblemText(e.problem)).join('; ')}`);
  const block = parsed.blocks[0];
  const command = block?.kind === 'session' ? block.commands[0] : undefined;
  if (command?.kind !== 'press') throw new Error(`"${line}" is not a press command`);
  return command;
}

export interface Scenario {
  readonly line: string;
  readonly sender: Seat;
  readonly rules?: readonly GameRule[];
  readonly status?: GameStatus;
  readonly seats?: readonly Seat[];
  readonly text?: string;
  readonly judgeCode?: string;
  readonly phase?: string | null;
}

export function game(rules: readonly GameRule[] = [], status: GameStatus = 'active'): Pick<Game, 'name' | 'status' | 'rules'> {
  return { name: gameName('demo'), status, rules };
}

export function plan(scenario: Scenario): PressPlan {
  return planPress({
    variant: standard,
    game: game(scenario.rules ?? [], scenario.status ?? 'active'),
    sender: scenario.sender,
    seats: scenario.seats ?? SEATS,
    command: pressCommand(scenario.line, scenario.text),
    judgeCode: scenario.judgeCode ?? 'DIP',
    phase: scenario.phase === undefined ? 'S1901M' : scenario.phase,
  });
}

export function planOk(scenario: Scenario): Extract<PressPlan, { ok: true }> {
  const result = plan(scenario);
  if (!result.ok) throw new Error(`expected "${scenario.line}" to be sent, got: ${result.reason}`);
  return result;
}

/** Short names of the seats a plan delivers to, sorted by seat id. */
export function receivers(result: PressPlan): string[] {
  if (!result.ok) return [`refused: ${result.reason}`];
  return [...result.deliveries].sort((a, b) => a.seatId - b.seatId).map((d) => SEAT_NAMES[d.seatId]!);
}

export function deliveryTo(result: Extract<PressPlan, { ok: true }>, seat: Seat) {
  const delivery = result.deliveries.find((d) => d.seatId === seat.id);
  if (!delivery) throw new Error(`nothing delivered to seat ${seat.id}`);
  return delivery;
}

export function headerOf(result: Extract<PressPlan, { ok: true }>, seat: Seat): string {
  return deliveryTo(result, seat).body.split('\n')[0]!;
}
