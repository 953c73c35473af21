// Times the order parser on the 34 orders of a mid-game movement phase (all centres owned).
// Run with: npx tsx bench/parse-order.bench.ts
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { parseOrderLine } from '../src/orders/index.ts';

const map = loadVariant('standard').map;

// Fall 1905 on a full board, written the way players really mix abbreviations and full names.
const ORDERS: readonly string[] = [
  'A Vie S A Bud - Gal', 'A Bud - Gal', 'F Tri - Adr', 'A Ser S A Bud - Rum', 'F Gre S F Aeg - Bul/sc',
  'F Lon - Nth', 'F Nwy S F Lon - Nth', 'A Yor-Nth-Bel', 'F Edi - Nwg', 'F Eng C A Yor - Bel',
  'A Par - Bur', 'A Mar S A Par - Bur', 'F Bre - Mid-Atlantic Ocean', 'F Spa/sc - Gulf of Lyon', 'A Pic S A Par - Bur',
  'A Mun - Ruh', 'A Kie S A Mun - Ruh', 'F Den H', 'A Hol - Bel', 'F Hel S A Hol - Bel',
  'A Ven - Tyr', 'A Rom - Apu', 'F Nap - Ion', 'F Tun S F Nap - Ion',
  'A War - Sil', 'A Mos S A War - Ukr', 'F Sev - Bla', 'F StP/nc - Bar', 'A Swe S F StP/nc - Bar',
  'F Ank - Con', 'A Smy - Arm', 'F Aeg - Bul/sc', 'A Con S F Aeg - Bul/sc', 'F Eas S F Aeg',
];

function parseAll(): number {
  let ok = 0;
  for (const line of ORDERS) for (const result of parseOrderLine(line, map, 'movement')) if (result.ok) ok++;
  return ok;
}

const understood = parseAll();
if (understood !== ORDERS.length) throw new Error(`only ${understood} of ${ORDERS.length} orders parsed`);

for (let i = 0; i < 20_000; i++) parseAll(); // warm up the JIT and the name tables

const rounds = 200_000;
const start = process.hrtime.bigint();
let sink = 0;
for (let i = 0; i < rounds; i++) sink += parseAll();
const elapsed = Number(process.hrtime.bigint() - start) / 1000; // µs
if (sink !== rounds * ORDERS.length) throw new Error('orders were lost');

const perOrder = elapsed / (rounds * ORDERS.length);
console.log(`parse ${ORDERS.length} orders: ${(elapsed / rounds).toFixed(2)} µs per phase, ${perOrder.toFixed(3)} µs per order`);
