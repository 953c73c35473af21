import v8 from 'node:v8';
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { configOption, environment, type ConfigOptions } from './command-options.ts';

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

program
  .command('adjudicate')
  .description('read one phase (or a JSON array of phases) as JSON on stdin and write the results and next position as JSON')
  .action(async () => {
    const [{ runAdjudicate }, { readStdin }] = await Promise.all([import('./adjudicate-command.ts'), import('./read-stdin.ts')]);
    process.stdout.write(runAdjudicate((await readStdin()).toString('utf8')));
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
    const [{ RECEIVE_EXIT, ReceiveTemporaryFailure, runReceive }, { readStdin }] = await Promise.all([import('./judge-commands.ts'), import('./read-stdin.ts')]);
    // Never an uncaught exception: an MTA or procmail acts on the exit status (see the README).
    try {
      process.stdout.write(`${await runReceive(await readStdin(), environment(options))}\n`);
    } catch (error) {
      if (error instanceof Error && error.name === 'ConfigError') throw error;
      const temporary = error instanceof ReceiveTemporaryFailure;
      process.stderr.write(`dipjudge receive: ${temporary ? error.message : `internal error, nothing was done: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`}\n`);
      process.exitCode = temporary ? RECEIVE_EXIT.tryAgainLater : RECEIVE_EXIT.internalError;
    }
  });

program
  .command('outbox')
  .description('list the outgoing mail waiting to be sent')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => {
    const { runOutbox } = await import('./judge-commands.ts');
    process.stdout.write(`${await runOutbox(environment(options))}\n`);
  });

program
  .command('migrate')
  .description('create or update the database schema and exit (serve does this too when it starts)')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => (await import('./migrate-command.ts')).runMigrate(options));

/** Errors that are the user's to fix: their message alone, no stack trace. */
const USER_ERRORS = new Set(['CommandInputError', 'ConfigError', 'MigrationFailedError', 'DataDirLockedError']);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof Error && USER_ERRORS.has(error.name)) {
    process.stderr.write(`dipjudge: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
