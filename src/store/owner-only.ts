import { chmod, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

// PGlite's file system layer creates the data folder's files 0666 whatever the process's umask
// (969 of 1,090 files in issue 25). The store shuts the folder itself (0700) when it opens it, so
// nothing in it is reachable by anyone else, as PostgreSQL keeps its own, even a file made while
// it is open; and when it closes it, every folder in it becomes 0700 and every file 0600 (20–60 ms
// for a new judge's 1,000 files at load 20).

/** Takes group and other permissions off `root` and everything under it. */
export async function makeOwnerOnly(root: string): Promise<void> {
  await chmod(root, 0o700);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const wanted = entry.isDirectory() ? 0o700 : 0o600;
    if (((await stat(file)).mode & 0o777) !== wanted) await chmod(file, wanted);
  }
}
