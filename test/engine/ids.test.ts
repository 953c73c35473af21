import { describe, expect, it } from 'vitest';
import { locationId, powerId, provinceId } from '../../src/engine/ids.ts';
import { provinceOf } from '../../src/engine/map.ts';
import type { LocationId, PowerId, ProvinceId } from '../../src/engine/types.ts';

// The ids are types the compiler tells apart (`npm test` type-checks first): each @ts-expect-error
// below fails the build the day the mix-up it names compiles again.

describe('ids', () => {
  it('a province is a location; a location, which may name a coast, is no province', () => {
    const coast: LocationId = locationId('stp/nc');
    // @ts-expect-error a coast location where a province is meant
    const wrong: ProvinceId = coast;
    const province: ProvinceId = provinceOf(coast);
    const asLocation: LocationId = province;
    expect([wrong, province, asLocation]).toEqual(['stp/nc', 'stp', 'stp']);
  });

  it('a power id is neither a province nor a location, nor the other way round', () => {
    const power: PowerId = powerId('russia');
    // @ts-expect-error a power where a province is meant
    const province: ProvinceId = power;
    // @ts-expect-error a province where a power is meant
    const back: PowerId = provinceId('mos');
    expect([power, province, back]).toEqual(['RUSSIA', 'RUSSIA', 'mos']);
  });

  it('plain text is none of them until ids.ts reads it', () => {
    const text: string = 'lon';
    // @ts-expect-error text where a location is meant
    const location: LocationId = text;
    expect(locationId(text)).toBe(location);
  });
});
