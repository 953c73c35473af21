import { loadConfig } from '../config/config.ts';
import { isTransientStoreFailure } from '../store/transient-failure.ts';
import { JudgeBusyError, runAdmin, runAdminWith } from './admin-command.ts';

// `dipjudge receive` and `dipjudge outbox`: the judge driven by one message on stdin, for
// procmail/.forward setups and scripts, and a look at the mail waiting to be sent (or given up).
// Both work while `serve` runs on PGlite: they are then done by the running judge.

/**
 * `dipjudge receive`'s exit statuses (sysexits.h, which procmail and MTAs understand), documented
 * in the README: 0 the mail was dealt with (answered, refused, dropped by rule, or set aside in
 * the spool's failed/ folder); 75 a passing failure (the database is unreachable): nothing was
 * done, deliver the mail again later; 70 anything else unexpected; 1 bad settings.
 */
export const RECEIVE_EXIT = { handled: 0, badSettings: 1, internalError: 70, tryAgainLater: 75 } as const;

export class ReceiveTemporaryFailure extends Error {}

/**
 * Handles one mail. Throws ReceiveTemporaryFailure when the database failed for a passing
 * reason (the caller exits 75 so the MTA delivers the mail again). A mail the judge could not
 * even record is written to the spool's failed/ folder for the judgekeeper.
 */
export async function runReceive(raw: Buffer, env?: Record<string, string | undefined>): Promise<string> {
  const settings = loadConfig(env);
  try {
    const answer = await runAdminWith(settings, { op: 'receive', raw: raw.toString('base64') });
    return answer.stdout.replace(/\n$/, '');
  } catch (error) {
    if (isTransientStoreFailure(error))
      throw new ReceiveTemporaryFailure(
        `the database is unreachable (${error instanceof Error ? error.message : String(error)}): nothing was done, deliver the mail again later`,
        { cause: error },
      );
    // A judge that holds the database and cannot be asked: the MTA tries again later.
    if (error instanceof JudgeBusyError)
      throw new ReceiveTemporaryFailure(`${error.message}; nothing was done, deliver the mail again later`, { cause: error });
    throw error;
  }
}

export async function runOutbox(
  env?: Record<string, string | undefined>,
  options: { readonly failed?: boolean; readonly json?: boolean } = {},
): Promise<string> {
  const answer = await runAdmin({ op: 'outbox', ...(options.failed ? { failed: true } : {}), ...(options.json ? { json: true } : {}) }, env ?? process.env);
  return answer.stdout.replace(/\n$/, '');
}
