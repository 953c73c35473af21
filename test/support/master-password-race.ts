import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../src/judge/passwords/passwords.ts';
import type { Database } from '../../src/store/index.ts';

// A race the judge must lose safely: another connection locks game `demo` and gives its Master a
// new password, uncommitted; a mail sent meanwhile reads the game without the lock, then waits for
// it; only once it waits does the change commit. The mail must judge the password the game has
// when it holds the lock.

/** Sends `mail` during such a change to `newPassword`, and returns once both are done. */
export async function duringMasterPasswordChange(db: Kysely<Database>, newPassword: string, mail: () => Promise<unknown>): Promise<void> {
  const newHash = await hashPassword(newPassword);
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let changing!: () => void;
  const changed = new Promise<void>((resolve) => (changing = resolve));
  const change = db.transaction().execute(async (trx) => {
    await trx.selectFrom('games').select('id').where('name', '=', 'demo').forUpdate().execute();
    await trx.updateTable('seats').set({ password_hash: newHash }).where('role', '=', 'master').execute();
    changing();
    await committing;
  });
  await changed;
  const sent = mail();
  await untilSomeoneWaitsForALock(db);
  commit();
  await change;
  await sent;
}

async function untilSomeoneWaitsForALock(db: Kysely<Database>): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const waiting = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (Number(waiting.rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the mail never waited for the game row lock');
}
