import type { GameRule } from '../model.ts';

/**
 * Games whose players stay unknown to the others: no roster names them, and their dedication is
 * left out of what others may read of a player (a record changing at a gunboat game's late notice
 * would name the player). The visibility policy decides by these rules; the store filters records
 * by them too (PlayerRecordOptions), so a listing needs no row of a hidden game.
 */
export const PLAYER_HIDING_RULES: readonly GameRule[] = ['GUNBOAT', 'NO_REVEAL'];
