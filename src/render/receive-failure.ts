// What `dipjudge receive` writes to stderr when a mail could not be judged (cli/main.ts): the MTA
// or procmail acts on the exit status, the judgekeeper reads the line. Kept free of imports: the
// command line's entry loads it.

export type ReceiveFailure =
  /** The database could not be reached or refused for now: the MTA tries again later. */
  | { readonly kind: 'temporary'; readonly message: string }
  /** A fault of the judge: nothing in the mail was done. */
  | { readonly kind: 'internal'; readonly error: string };

export function receiveFailureLine(failure: ReceiveFailure): string {
  return `dipjudge receive: ${failure.kind === 'temporary' ? failure.message : `internal error, nothing was done: ${failure.error}`}\n`;
}
