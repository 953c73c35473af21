import { expect, it } from 'vitest';
import { adjudicate } from 'dipjudge';

it('exports adjudicate() as the package entry point', () => {
  const out = adjudicate({
    position: { variant: 'standard', phase: 'S1901M', units: [{ power: 'FRANCE', type: 'A', location: 'par' }] },
    orders: { FRANCE: ['A Par - Bur'] },
  });
  expect(out.position.units).toEqual([{ power: 'FRANCE', type: 'A', location: 'bur' }]);
});
