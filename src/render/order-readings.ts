import type { OrderReading } from '../engine/results.ts';
import type { GameMap } from '../engine/map.ts';
import { formatLocation } from '../orders/index.ts';

// How the engine read an order where that could surprise its player (OrderReading), in words: the
// reply to orders ("Note: …") and the adjudicate operation's notes.

const ARMY_COAST_IGNORED: Record<Extract<OrderReading, { kind: 'army-coast-ignored' }>['order'], string> = {
  move: 'an army moves to a province, not a coast; the coast was ignored',
  retreat: 'an army retreats to a province, not a coast; the coast was ignored',
  build: 'an army stands in a province, not on a coast; the coast was ignored',
};

/** "coast inferred: Spain (north coast) is the only coast the fleet can reach" (no full stop). */
export function orderReadingText(reading: OrderReading, map: GameMap): string {
  switch (reading.kind) {
    case 'unit-type-read':
      return `the unit in ${formatLocation(reading.province, map)} is ${reading.unitType === 'A' ? 'an army' : 'a fleet'}; read as such`;
    case 'fleet-coast-ignored':
      return `the fleet is in ${formatLocation(reading.location, map)}; the coast written was ignored`;
    case 'army-coast-ignored':
      return ARMY_COAST_IGNORED[reading.order];
    case 'convoy-route-unchecked':
      return 'the convoy route written is not needed and was not checked (DATC 4.A.6)';
    case 'coast-inferred':
      return `coast inferred: ${formatLocation(reading.location, map)} is the only coast the fleet can reach`;
  }
}
