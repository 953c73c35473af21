// A file the command line could not read or write (EACCES, ENOSPC, ENOTDIR …, from Node's fs) is
// the judgekeeper's to fix, like a bad setting: one line naming the file and why, never a stack
// trace (issue 25).

/** `cannot open /srv/backup.jsonl: permission denied (EACCES)`, or null when the error (or its cause) is no file error. */
export function fileErrorLine(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, syscall, path, message, cause } = current as { code?: unknown; syscall?: unknown; path?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof syscall === 'string' && typeof path === 'string') {
      // Node writes "EACCES: permission denied, open '/srv/backup.jsonl'": the words between the code and the comma.
      const why = typeof message === 'string' ? (new RegExp(`^${code}: ([^,]+),`).exec(message)?.[1] ?? code) : code;
      return `cannot ${syscall} ${path}: ${why} (${code})`;
    }
    current = cause;
  }
  return null;
}
