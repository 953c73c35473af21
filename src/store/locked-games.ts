import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';

// Games a transaction already holds locked (FOR UPDATE): the job queue locks a claimed job's game
// before its handler runs, and the judge's store then loads that game without a locking statement
// of its own (one round trip less per deadline in a storm). Row locks last until the transaction
// ends, through a ROLLBACK TO SAVEPOINT taken after them, so the set only ever grows.

const lockedByTransaction = new WeakMap<Transaction<Database>, Set<number>>();

/** Notes that `trx` holds the row locks of these games. */
export function noteLockedGames(trx: Transaction<Database>, gameIds: readonly number[]): void {
  let locked = lockedByTransaction.get(trx);
  if (locked === undefined) lockedByTransaction.set(trx, (locked = new Set()));
  for (const id of gameIds) locked.add(id);
}

/** Whether `trx` holds the row locks of every one of these games. */
export function holdsGameLocks(trx: Transaction<Database>, gameIds: readonly number[]): boolean {
  const locked = lockedByTransaction.get(trx);
  return locked !== undefined && gameIds.every((id) => locked.has(id));
}
