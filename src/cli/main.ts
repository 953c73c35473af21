import { once } from 'node:events';
import v8 from 'node:v8';
import { Command } from 'commander';
import { fstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configOption, environment, type ConfigOptions } from './command-options.ts';
import { receiveFailureLine } from '../render/receive-failure.ts';

// The `dipjudge` command line: a registry of commands. Each command's action imports its own
// module when it runs, so `dipjudge --help` loads only commander and a command loads only what
// it needs (e.g. `adjudicate` no database, `receive` no IMAP client). Each command module reads
// its configuration and hands plain values to the layers below.

// The package's own package.json, two folders up from src/cli and from dist/lib alike.
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { readonly version: string };

const program = new Command();
program.name('dipjudge').description('An e-mail Diplomacy judge').version(packageJson.version, '-V, --version').showHelpAfterError();

// PGlite's PostgreSQL is 9 MB of WebAssembly. V8 compiles it quickly without optimising
// (Liftoff) and then again, optimised, on background threads (TurboFan): that second compile
// costs more CPU than a short command's whole run and competes with it on a small machine. Only
// the long-running daemon gains from it.
program.hook('preAction', (_program, command) => {
  if (command.name() !== 'serve') v8.setFlagsFromString('--liftoff-only');
});

// Everything the judge writes is its own alone (issue 25): files 0600, folders 0700, including
// what it does not create itself with a mode, such as PGlite's data folder (0666 before).
program.hook('preAction', () => {
  process.umask(0o077);
});

program
  .command('adjudicate')
  .description('read one phase (or a JSON array of phases) as JSON on stdin and write the results and next position as JSON')
  .option('--pretty', 'indent the JSON (two spaces) instead of writing it compact')
  .option(
    '--threads <count>',
    'worker threads that adjudicate a batch of over 1,000 phases beside the main one (default: for a file, one per 64 MiB of it, at most one per further core the load average says is idle; otherwise none)',
  )
  .action(async (options: { pretty?: boolean; threads?: string }) => {
    const { runAdjudicate } = await import('./adjudicate-command.ts');
    const toStdout = (chunk: string | Uint8Array) => (process.stdout.write(chunk) ? undefined : once(process.stdout, 'drain').then(() => undefined));
    const threads = options.threads === undefined ? undefined : Number(options.threads);
    if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0))
      throw new CommandLineError(`--threads: "${options.threads}" is not a count of threads`);
    // Read from a file, the batch's size is known at once: large enough, it is worth worker threads.
    const input = fstatSync(0);
    const inputBytes = input.isFile() ? input.size : undefined;
    await runAdjudicate(process.stdin, toStdout, { pretty: options.pretty === true, inputBytes, ...(threads === undefined ? {} : { threads }) });
  });

program
  .command('map')
  .description('read an adjudicate input (a position and its orders) or output as JSON on stdin and write the map as SVG, or PNG with --png')
  .option('--png', 'write PNG instead of SVG')
  .option('--width <pixels>', 'PNG width in pixels', '1000')
  .option('--title <text>', 'the title drawn above the map', 'dipjudge')
  .action(async (options: { png?: boolean; width: string; title: string }) => {
    const [{ runMap }, { readStdin }] = await Promise.all([import('./map-command.ts'), import('./read-stdin.ts')]);
    const picture = runMap((await readStdin()).toString('utf8'), { png: options.png === true, width: Number(options.width), title: options.title });
    process.stdout.write(picture);
  });

program
  .command('serve')
  .description('run the judge: read mail from the spool inbox (and IMAP_URL), send replies to the spool outbox (or SMTP_URL)')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => (await import('./serve-command.ts')).runServe(options));

program
  .command('receive')
  .description('process one e-mail (RFC 822) from stdin against the configured database and print the mail it queued')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => {
    const [{ RECEIVE_EXIT, ReceiveTemporaryFailure, runReceive }, { readStdin }] = await Promise.all([
      import('./judge-commands.ts'),
      import('./read-stdin.ts'),
    ]);
    // Never an uncaught exception: an MTA or procmail acts on the exit status (see the README).
    try {
      process.stdout.write(`${await runReceive(await readStdin(), environment(options))}\n`);
    } catch (error) {
      if (error instanceof Error && error.name === 'ConfigError') throw error;
      const temporary = error instanceof ReceiveTemporaryFailure;
      process.stderr.write(
        receiveFailureLine(
          temporary
            ? { kind: 'temporary', message: error.message }
            : { kind: 'internal', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        ),
      );
      process.exitCode = temporary ? RECEIVE_EXIT.tryAgainLater : RECEIVE_EXIT.internalError;
    }
  });

program
  .command('outbox')
  .description('list the outgoing mail waiting to be sent (--failed: the mail given up as undeliverable)')
  .option('--failed', 'list the mail given up after its attempts, with the last error')
  .option('--json', 'print JSON')
  .addOption(configOption())
  .action(async (options: ConfigOptions & { failed?: boolean; json?: boolean }) =>
    admin({ op: 'outbox', failed: options.failed === true, json: options.json === true }, options),
  );

// The judgekeeper's commands. With PGlite they also work while `serve` runs: the running judge
// does them (over a Unix socket in its data folder).

program
  .command('games')
  .description('list the games: name, variant, state, phase, deadline and players')
  .option('--json', 'print JSON')
  .addOption(configOption())
  .action(async (options: ConfigOptions & { json?: boolean }) => admin({ op: 'games', json: options.json === true }, options));

program
  .command('game')
  .description("one game: settings, seats with their stints and lateness, this phase's orders (no texts in gunboat games), pending jobs, last results")
  .argument('<name>', 'the game')
  .option('--results <n>', 'how many processed phases to show', '1')
  .option('--json', 'print JSON')
  .addOption(configOption())
  .action(async (name: string, options: ConfigOptions & { json?: boolean; results: string }) =>
    admin({ op: 'game', name, json: options.json === true, results: Math.max(0, Number.parseInt(options.results, 10) || 0) }, options),
  );

const mail = program.command('mail').description('the mail the judge failed on');
mail
  .command('failed')
  .description('list the mail the judge failed on (each was answered "nothing in it was done")')
  .option('--json', 'print JSON')
  .addOption(configOption())
  .action(async (options: ConfigOptions & { json?: boolean }) => admin({ op: 'mail-failed', json: options.json === true }, options));
mail
  .command('retry')
  .description('judge a failed mail again (after the fault is fixed); prints what it queued')
  .argument('<id>', 'the id `dipjudge mail failed` shows')
  .addOption(configOption())
  .action(async (id: string, options: ConfigOptions) => admin({ op: 'mail-retry', id }, options));

program
  .command('backup')
  .description('write a consistent copy of the whole database to FILE (JSON lines), also while the judge runs')
  .argument('<file>', 'where to write it')
  .addOption(configOption())
  .action(async (file: string, options: ConfigOptions) => admin({ op: 'backup', file: resolvePath(file) }, options));

program
  .command('restore')
  .description('load a backup into the configured database, which must be new and empty (the judge stopped)')
  .argument('<file>', 'a file written by dipjudge backup')
  .addOption(configOption())
  .action(async (file: string, options: ConfigOptions) => {
    const { runRestore } = await import('./admin-command.ts');
    print(await runRestore(resolvePath(file), environment(options)));
  });

program
  .command('migrate-to')
  .description('copy this judge (PGlite) into an empty PostgreSQL database, e.g. postgres://user@host/dipjudge')
  .argument('<url>', 'the PostgreSQL database')
  .option('--force', 'copy even while a judge runs on the PGlite database (mail it takes afterwards stays behind)')
  .addOption(configOption())
  .action(async (databaseUrl: string, options: ConfigOptions & { force?: boolean }) => {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new CommandLineError(`migrate-to needs a postgres:// URL, not ${databaseUrl}`);
    await admin({ op: 'migrate-to', databaseUrl, force: options.force === true }, options);
  });

program
  .command('migrate')
  .description('create or update the database schema and exit (serve does this too when it starts)')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => (await import('./migrate-command.ts')).runMigrate(options));

/** Errors that are the user's to fix: their message alone, no stack trace. */
const USER_ERRORS = new Set([
  'CommandInputError',
  'CommandLineError',
  'ConfigError',
  'MigrationFailedError',
  'DataDirLockedError',
  'JudgeBusyError',
  'BackupError',
  'AdminRequestError',
  'NoJudgeDatabaseError',
]);

class CommandLineError extends Error {
  override readonly name = 'CommandLineError';
}

function print(answer: { readonly stdout: string; readonly exitCode: number }): void {
  process.stdout.write(answer.stdout);
  if (answer.exitCode !== 0) process.exitCode = answer.exitCode;
}

/** Paths are the caller's: a running judge asked to write a backup has its own working directory. */
function resolvePath(file: string): string {
  return path.resolve(file);
}

async function admin(request: import('../daemon/admin/operations.ts').AdminRequest, options: ConfigOptions): Promise<void> {
  const { runAdmin } = await import('./admin-command.ts');
  print(await runAdmin(request, environment(options)));
}

program.parseAsync(process.argv).catch(async (error: unknown) => {
  const line = error instanceof Error && USER_ERRORS.has(error.name) ? error.message : (await import('./file-error.ts')).fileErrorLine(error);
  if (line !== null) {
    process.stderr.write(`dipjudge: ${line}\n`);
    process.exit(1);
  }
  throw error;
});
