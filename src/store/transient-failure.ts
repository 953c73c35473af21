// Which database errors pass if the same work is simply tried again. Everything else a mail's
// transaction throws is a fault that would recur on every retry, so the judge records the mail
// as failed instead of retrying it forever.

/** SQLSTATE classes and codes of failures that are not the transaction's own doing. */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53', '58'] as const; // connection exception, insufficient resources, system error
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled (statement timeout, pg_cancel_backend)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (server starting up)
  '25P03', // idle_in_transaction_session_timeout
]);

/** Node's codes for a network connection that could not be made or was cut. */
const TRANSIENT_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of pg / pg-pool and PGlite errors that carry no code but mean the connection is gone. */
const TRANSIENT_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^PGlite is clos(ed|ing)/,
  // kysely after the store was closed: the process is stopping, so the mail is left for next time.
  /^driver has already been destroyed/,
];

export function isTransientStoreFailure(error: unknown): boolean {
  return isTransient(error, 0);
}

function isTransient(error: unknown, depth: number): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  // PGlite's WebAssembly backend aborted: the database is gone until the process restarts.
  if (error instanceof Error && error.name === 'RuntimeError') return true;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SYSTEM_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.some((prefix) => code.startsWith(prefix))) return true;
  }
  if (typeof message === 'string' && TRANSIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // pg reports a refused connection to several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isTransient(inner, depth + 1))) return true;
  return isTransient(cause, depth + 1);
}
