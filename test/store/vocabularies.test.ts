import { describe, expect, it } from 'vitest';
import * as model from '../../src/judge/model.ts';
import { GAME_STATUSES, SEAT_ROLES, SEAT_STATUSES } from '../../src/store/index.ts';

// The judge's model and the database CHECK constraints (mirrored in schema.ts, checked against
// the database by schema.test.ts) must name the same states.
describe('store vocabularies', () => {
  it('match the judge model', () => {
    expect(GAME_STATUSES).toEqual(model.GAME_STATUSES);
    expect(SEAT_ROLES).toEqual(model.SEAT_ROLES);
    expect(SEAT_STATUSES).toEqual(model.SEAT_STATUSES);
  });
});
