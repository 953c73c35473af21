import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adjudicate } from '../src/api/adjudicate.ts';
import type { AdjudicateInput } from '../src/api/adjudicate-format.ts';
import { loadVariant } from '../src/catalog/variant-catalog.ts';
import { provinceOf } from '../src/engine/map.ts';
import { locationId } from '../src/engine/ids.ts';
import type { Position } from '../src/engine/types.ts';
import type { Variant } from '../src/engine/variant.ts';
import { formatOrder } from '../src/orders/index.ts';
import { parseDatcFile, type DatcPlace } from '../test/datc/datc-format.ts';
import { playRandomGame, seeded } from '../test/support/random-play.ts';

// npm run adjudicate:corpus -- OUT.json [--games N]: the inputs `dipjudge adjudicate` is checked
// on when the engine changes: every DATC step (chained as the DATC runner plays them) and random
// phases of several variants, with some orders spoiled (other powers' units, convoys, far moves)
// so the illegal paths are covered too. Feed the file to `dipjudge adjudicate --pretty` before
// and after a change and compare the outputs byte for byte.

const out = process.argv[2];
if (!out) throw new Error('usage: adjudicate-corpus OUT.json [--games N]');
const gamesAt = process.argv.indexOf('--games');
const games = gamesAt >= 0 ? Number(process.argv[gamesAt + 1]) : 12;
const inputs: AdjudicateInput[] = [];

const datcFolder = fileURLToPath(new URL('../test/datc/', import.meta.url));
for (const file of readdirSync(datcFolder)
  .filter((name) => name.endsWith('.datc'))
  .sort()) {
  for (const datcCase of parseDatcFile(readFileSync(`${datcFolder}${file}`, 'utf8'), file)) {
    const variant = loadVariant(datcCase.variant);
    const location = (place: DatcPlace) => locationId(`${variant.map.lookup(place.name)!}${place.coast ? `/${place.coast}` : ''}`);
    for (const scenario of datcCase.scenarios) {
      const { start } = scenario;
      let position: AdjudicateInput['position'] = {
        variant: datcCase.variant,
        phase: start.phase,
        units: start.units.map((u) => ({ power: u.power, type: u.type, location: location(u.place) })),
        dislodged: start.dislodged.map((u) => ({
          power: u.power,
          type: u.type,
          location: location(u.place),
          ...(u.attackerFrom ? { attackerFrom: provinceOf(location(u.attackerFrom)) } : {}),
        })),
        ...(start.supplyCentres
          ? {
              supplyCenters: Object.fromEntries(
                Object.entries(start.supplyCentres).map(([power, places]) => [power, places.map((p) => provinceOf(location(p)))]),
              ),
            }
          : {}),
      };
      for (const step of scenario.steps) {
        const orders: Record<string, string[]> = {};
        for (const order of step.orders) (orders[order.power] ??= []).push(order.text);
        const input = { position, orders };
        inputs.push(input);
        position = adjudicate(input).position as AdjudicateInput['position'];
      }
    }
  }
}
const datcCount = inputs.length;

/** A few orders a careless or hostile player might add: a stranger's unit, a convoy, a move anywhere. */
function spoiled(variant: Variant, position: Position, random: () => number): Record<string, string[]> {
  const extra: Record<string, string[]> = {};
  const units = position.units;
  if (units.length === 0) return extra;
  const provinces = variant.map.provinces;
  for (let k = Math.floor(random() * 4); k > 0; k--) {
    const unit = units[Math.floor(random() * units.length)]!;
    const other = units[Math.floor(random() * units.length)]!;
    const anywhere = provinces[Math.floor(random() * provinces.length)]!.id;
    const power = variant.powers[Math.floor(random() * variant.powers.length)]!.id;
    const self = { type: unit.type, location: unit.location };
    const roll = random();
    const order =
      roll < 0.3
        ? { kind: 'convoy' as const, unit: self, army: { type: other.type, location: other.location }, to: anywhere }
        : roll < 0.6
          ? { kind: 'move' as const, unit: self, to: anywhere, viaConvoy: random() < 0.3, route: [] }
          : roll < 0.8
            ? { kind: 'support' as const, unit: self, supported: { type: other.type, location: other.location }, to: random() < 0.5 ? anywhere : null }
            : { kind: 'hold' as const, unit: { type: random() < 0.5 ? ('A' as const) : ('F' as const), location: unit.location } };
    (extra[power] ??= []).push(formatOrder(order, variant.map));
  }
  return extra;
}

for (const name of ['standard', 'ancmed', 'chromatic', 'youngstown', 'imperial', 'loeb9', '1897', 'hundred']) {
  let variant: Variant;
  try {
    variant = loadVariant(name);
  } catch {
    continue;
  }
  for (let seed = 1; seed <= games; seed++) {
    const random = seeded(seed * 7919);
    playRandomGame(variant, seed, 60, (position, orders) => {
      const grouped: Record<string, string[]> = {};
      for (const { power, order } of orders) (grouped[power] ??= []).push(formatOrder(order, variant.map));
      if (random() < 0.4) for (const [power, lines] of Object.entries(spoiled(variant, position, random))) (grouped[power] ??= []).push(...lines);
      inputs.push({ position: position as AdjudicateInput['position'], orders: grouped });
    });
  }
}
writeFileSync(out, JSON.stringify(inputs));
console.log(`${inputs.length} phases (${datcCount} DATC steps) written to ${out}`);
