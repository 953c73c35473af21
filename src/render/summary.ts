import type { Phase } from '../engine/phase.ts';
import { powerEntries } from '../engine/ids.ts';
import type { Position, PowerId, ProvinceId } from '../engine/types.ts';
import type { Variant } from '../engine/variant.ts';

// SUMMARY as njudge and DPjudge write it: the roster (every player's stints per power), the
// supply-centre owners by year, the centre counts by year with the index (the sum of the squared
// counts over the number of powers, njudge's summary.c), and the result. Plain ASCII within 76
// columns, so the reply goes out as 7-bit text.
//
// Who played is shown as far as the game allows: with `players: 'addresses'` (a game over without
// anonymity) each stint names its address; with 'numbers' (a game in play) the stints are
// numbered, so takeovers show and nobody is named; with 'hidden' (gunboat, NO_REVEAL) no player
// record appears at all, only each power's state.

export interface SummaryStint {
  readonly address: string;
  /** The first and the last phase the holder had the power in; `to` null: holds it still. */
  readonly from: string;
  readonly to: string | null;
}

export interface SummaryPower {
  readonly power: PowerId;
  readonly stints: readonly SummaryStint[];
  /** The seat's state when not simply played: dummy, civil disorder, abandoned, vacant, eliminated. */
  readonly state: string | null;
}

export interface SummaryYear {
  /** The year whose centres were counted, or null for the position the game started from. */
  readonly year: number | null;
  readonly position: Position;
}

export interface SummaryInput {
  readonly gameName: string;
  readonly variant: Variant;
  readonly status: string;
  readonly currentPhase: string | null;
  readonly powers: readonly SummaryPower[];
  readonly years: readonly SummaryYear[];
  readonly players: 'addresses' | 'numbers' | 'hidden';
  /** How the game ended, as announced ("France has won the game."); null while it goes on. */
  readonly result: string | null;
}

const WIDTH = 76;

/** Who held a power in a phase, as the roster shows it: nobody for a dummy or a vacant seat. */
export function summaryHolder(seat: { readonly address: string; readonly status: string }): string {
  return seat.status === 'dummy' ? '(dummy)' : seat.status === 'resigned' ? '(vacant)' : seat.address;
}

const SEAT_STATE: Readonly<Partial<Record<string, string>>> = {
  dummy: 'dummy',
  cd: 'civil disorder',
  abandoned: 'abandoned',
  resigned: 'vacant',
  eliminated: 'eliminated',
};

/** A seat's state when not simply played, in the roster's words; null for a seat in play. */
export function summaryState(status: string): string | null {
  return SEAT_STATE[status] ?? null;
}

export function renderSummary(input: SummaryInput): string {
  const { variant } = input;
  const out: string[] = [];
  out.push(`Summary of game '${input.gameName}': ${variant.title}, ${input.status}${input.currentPhase ? `, ${input.currentPhase}` : ''}.`);
  out.push('', ...roster(input));
  if (input.years.length > 0) {
    out.push('', 'Supply centre owners by year (. neutral):', ...ownerGrid(input));
    out.push('', 'Supply centre counts by year, with the index (sum of squares / powers):', ...countTables(input));
  }
  out.push('', input.result === null ? 'The game goes on.' : `Result: ${input.result}`);
  return out.join('\n');
}

function roster(input: SummaryInput): string[] {
  const { variant } = input;
  const nameWidth = Math.max(...variant.powers.map((p) => p.name.length));
  const lines = [input.players === 'hidden' ? 'The powers (this game does not say who played them):' : 'The players:'];
  const numbers = new Map<string, number>();
  for (const power of variant.powers) {
    const entry = input.powers.find((p) => p.power === power.id);
    const label = power.name.padEnd(nameWidth);
    const state = entry?.state ? ` (${entry.state})` : '';
    if (!entry || input.players === 'hidden' || entry.stints.length === 0) {
      lines.push(`  ${label}${state || (entry ? '' : ' (nobody)')}`.trimEnd());
      continue;
    }
    entry.stints.forEach((stint, index) => {
      // '(dummy)' and '(vacant)' are stretches nobody played.
      if (!stint.address.startsWith('(') && !numbers.has(stint.address)) numbers.set(stint.address, numbers.size + 1);
      const who = stint.address.startsWith('(') || input.players === 'addresses' ? stint.address : `player ${numbers.get(stint.address)}`;
      const span = `${stint.from} - ${stint.to ?? ''}`.trimEnd();
      const last = index === entry.stints.length - 1 && stint.address !== state.trim() ? state : '';
      const head = index === 0 ? label : ''.padEnd(nameWidth);
      lines.push(fitted(`  ${head}  ${who.padEnd(28)} ${span}${last}`));
    });
  }
  return lines;
}

function fitted(line: string): string {
  return line.length <= WIDTH ? line.trimEnd() : `${line.slice(0, WIDTH - 3)}...`;
}

function yearLabel(year: SummaryYear): string {
  return year.year === null ? 'Start' : String(year.year);
}

function ownerOf(position: Position, province: ProvinceId): PowerId | null {
  for (const [power, centres] of powerEntries(position.supplyCenters)) if (centres.includes(province)) return power;
  return null;
}

/** One row per centre, one column per year (the owner's initial), in blocks that fit 76 columns. */
function ownerGrid(input: SummaryInput): string[] {
  const { variant, years } = input;
  const centres = variant.supplyCenters();
  const nameWidth = Math.max(3, ...centres.map((c) => c.length));
  const perBlock = Math.floor((WIDTH - nameWidth - 1) / 6);
  const lines: string[] = [];
  for (let first = 0; first < years.length; first += perBlock) {
    const block = years.slice(first, first + perBlock);
    if (first > 0) lines.push('');
    lines.push(`${''.padEnd(nameWidth)} ${block.map((y) => yearLabel(y).padStart(6)).join('')}`);
    for (const centre of centres) {
      const cells = block.map((y) => {
        const owner = ownerOf(y.position, centre);
        return (owner === null ? '.' : (variant.powers.find((p) => p.id === owner)?.initial ?? '?')).padStart(6);
      });
      lines.push(`${(centre.charAt(0).toUpperCase() + centre.slice(1)).padEnd(nameWidth)} ${cells.join('')}`);
    }
  }
  return lines;
}

/** One row per year, one column per power (at most 16 a table), then the index. */
function countTables(input: SummaryInput): string[] {
  const { variant, years } = input;
  const lines: string[] = [];
  const perTable = 16;
  for (let first = 0; first < variant.powers.length; first += perTable) {
    const powers = variant.powers.slice(first, first + perTable);
    const lastTable = first + perTable >= variant.powers.length;
    if (first > 0) lines.push('');
    lines.push(`Year  ${powers.map((p) => p.initial.padStart(3)).join('')}${lastTable ? '  Index' : ''}`);
    for (const year of years) {
      const counts = powers.map((p) => year.position.supplyCenters[p.id]?.length ?? 0);
      const all = variant.powers.map((p) => year.position.supplyCenters[p.id]?.length ?? 0);
      const index = all.reduce((sum, n) => sum + n * n, 0) / variant.powers.length;
      lines.push(`${yearLabel(year).padEnd(5)} ${counts.map((n) => String(n).padStart(3)).join('')}${lastTable ? `  ${index.toFixed(1).padStart(5)}` : ''}`);
    }
  }
  return lines;
}

/**
 * The positions SUMMARY counts from: the start, then for each year the first stored phase after
 * its centres changed hands (its adjustment phase, or the next year's first phase).
 */
export function summaryYears(phases: readonly { readonly phase: Phase; readonly position: Position }[]): SummaryYear[] {
  if (phases.length === 0) return [];
  const years: SummaryYear[] = [{ year: null, position: phases[0]!.position }];
  const firstYear = phases[0]!.phase.year;
  const lastYear = phases[phases.length - 1]!.phase.year;
  for (let year = firstYear; year <= lastYear; year++) {
    const counted = phases.find((p) => p.phase.year > year || (p.phase.year === year && p.phase.type === 'adjustment'));
    if (counted) years.push({ year, position: counted.position });
  }
  return years;
}
