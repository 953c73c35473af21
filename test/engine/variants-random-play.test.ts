import { describe, expect, it } from 'vitest';
import { loadVariant, variantNames } from '../../src/catalog/variant-catalog.ts';
import { playRandomGame } from '../support/random-play.ts';

// A representative part of `npm run play:variants`: every variant plays two games of random
// legal orders through its first years (a dozen phases), keeping its invariants (see random-play.ts).

describe('random legal play of every variant', () => {
  it.each(variantNames())('%s plays a dozen random phases twice without breaking an invariant', (name) => {
    const variant = loadVariant(name);
    for (const seed of [1, 2]) {
      const report = playRandomGame(variant, seed, 12);
      expect(report.phases).toBeGreaterThan(0);
      expect(
        variant.flowIndex({
          season: report.last[0]!,
          year: Number(report.last.slice(1, -1)),
          type: report.last.endsWith('M') ? 'movement' : report.last.endsWith('R') ? 'retreat' : 'adjustment',
        }),
      ).toBeGreaterThanOrEqual(0);
    }
  });

  it('runs hundred in five-year turns with builds every ten years, and classical backwards with builds every second year', () => {
    const hundred = loadVariant('hundred');
    expect(hundred.startingPosition().phase).toBe('A1425M');
    const seen: string[] = [];
    let phase = hundred.firstPhase();
    for (let k = 0; k < 6; k++) {
      phase = hundred.nextPhase(phase).phase;
      seen.push(`${phase.season}${phase.year}${phase.type[0]!.toUpperCase()}`);
    }
    expect(seen).toEqual(['A1425R', 'A1430M', 'A1430R', 'A1430A', 'A1435M', 'A1435R']);
    const classical = loadVariant('classical');
    let bc = classical.firstPhase();
    const years: string[] = [];
    for (let k = 0; k < 5; k++) {
      bc = classical.nextPhase(bc).phase;
      years.push(`${bc.season}${bc.year}${bc.type[0]!.toUpperCase()}`);
    }
    expect(years).toEqual(['B273R', 'B272M', 'B272R', 'B272A', 'B271M']);
  });
});
