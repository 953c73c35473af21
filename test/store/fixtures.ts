import type { Kysely } from 'kysely';
import { jsonb } from '../../src/store/index.ts';
import type { Database, GameRow, NewGame, PhaseRow } from '../../src/store/index.ts';
import type { PhaseId, Position } from '../../src/engine/types.ts';
import { locationId as loc, provinceId as prov } from '../../src/engine/ids.ts';

// Small row builders for the store tests.

export async function insertGame(db: Kysely<Database>, values: Partial<NewGame> = {}): Promise<GameRow> {
  return db
    .insertInto('games')
    .values({ name: 'demo', variant: 'standard', ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function samplePosition(phase: PhaseId = 'S1901M'): Position {
  return {
    variant: 'standard',
    phase,
    units: [
      { power: 'ENGLAND', type: 'F', location: loc('lon') },
      { power: 'RUSSIA', type: 'F', location: loc('stp/sc') },
    ],
    dislodged: [],
    supplyCenters: { ENGLAND: [prov('lon'), prov('edi'), prov('lvp')], RUSSIA: [prov('stp'), prov('mos'), prov('war'), prov('sev')] },
  };
}

export async function insertPhase(db: Kysely<Database>, gameId: number, phaseId: PhaseId, seq: number): Promise<PhaseRow> {
  return db
    .insertInto('phases')
    .values({ game_id: gameId, phase_id: phaseId, seq, position: jsonb(samplePosition(phaseId)) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const SCRYPT_HASH = 'scrypt$16384$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

export interface DatabaseErrorMatch {
  /** SQLSTATE: 23505 unique, 23514 check, 23503 foreign key, 23502 not null. */
  readonly code: string;
  readonly constraint?: string;
}

/** Resolves to the pg error the promise rejected with, after checking its SQLSTATE and constraint. */
export async function rejectsWithDatabaseError(promise: Promise<unknown>, match: DatabaseErrorMatch): Promise<void> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (caught === null) throw new Error(`expected a database error ${match.code}, but the statement succeeded`);
  const { code, constraint } = caught as { code?: string; constraint?: string };
  if (code !== match.code || (match.constraint !== undefined && constraint !== match.constraint)) {
    throw new Error(
      `expected database error ${match.code}${match.constraint ? ` on ${match.constraint}` : ''}, got ${code} on ${constraint}: ${String(caught)}`,
    );
  }
}
