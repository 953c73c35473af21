// Times the order parser alone on the reference mid-game (F1904M, 34 orders, bench/fixtures) and on
// the same orders written the way players mix abbreviations and full names.
// Run with: npx tsx bench/parse-order.bench.ts
import { readFileSync } from 'node:fs';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import type { PhaseType } from '../src/engine/types.ts';
import { parseOrderLine } from '../src/orders/index.ts';
import { machineLine, medianMicros } from './machine.ts';

interface Fixture {
  readonly name: string;
  readonly input: { readonly orders: Readonly<Record<string, readonly string[]>> };
}

const map = loadVariant('standard').map;
const fixtures = (JSON.parse(readFileSync(new URL('./fixtures/adjudicate-positions.json', import.meta.url), 'utf8')) as { positions: Fixture[] }).positions;
const midgame = fixtures.find((f) => f.name === 'midgame_f1904');
if (!midgame) throw new Error('bench/fixtures/adjudicate-positions.json has no midgame_f1904');

const MIXED_SPELLINGS: readonly string[] = [
  'England: F North Sea Convoys A Yorkshire - Belgium',
  'A Yor-Nth-Bel',
  'F English Channel S A Yor - Bel',
  'F Lon S F Eng',
  'F Nwg S A Nwy',
  'A Norway Hold',
  'F Ska supports A Nwy',
  'A Bel H',
  'A Pic S A Bel',
  'A Bur S A Bel',
  'F Bre -> Eng',
  'F Mid-Atlantic Ocean S F Bre - Eng',
  'A Ruh - Bur',
  'A Mun S A Ruh - Bur',
  'A Hol H',
  'F Heligoland Bight - North Sea',
  'F Den - Ska',
  'A Swe - Nwy',
  'A Fin S A Swe - Nwy',
  'F Gulf of Bothnia - Sweden',
  'A War - Gal',
  'A Ukr S A War - Gal',
  'A Gal H',
  'A Bud S A Gal',
  'A Vie S A Gal',
  'A Rum - Bud',
  'A Ser S A Rum - Bud',
  'F Bla - Sev',
  'A Pie - Mar',
  'A Tyr m Mun',
  'F Gulf of Lyon S A Pie - Mar',
  'F Tyn - Ion.',
  'F Ion - Tun',
  'F StP/nc - Bar',
];

function timeLines(label: string, lines: readonly string[], phase: PhaseType): void {
  const parseAll = (): number => {
    let understood = 0;
    for (const line of lines) for (const result of parseOrderLine(line, map, phase)) if (result.ok) understood++;
    return understood;
  };
  const understood = parseAll();
  if (understood !== lines.length) throw new Error(`${label}: only ${understood} of ${lines.length} orders parsed`);
  const micros = medianMicros(parseAll, { batches: 400, perBatch: 500 });
  console.log(`${label}: ${lines.length} orders in ${micros.toFixed(2)} µs, ${((micros / lines.length) * 1000).toFixed(0)} ns per order`);
}

console.log(machineLine());
timeLines('midgame_f1904 as written', Object.values(midgame.input.orders).flat(), 'movement');
timeLines('midgame_f1904 in mixed spellings', MIXED_SPELLINGS, 'movement');
