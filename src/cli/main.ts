import { Command, Option } from 'commander';
import { CommandInputError, runAdjudicate } from './adjudicate-command.ts';
import pino from 'pino';
import { CONFIG_FILE_VARIABLE, ConfigError, loadConfig } from '../config/config.ts';
import { serve } from '../daemon/serve.ts';
import { RECEIVE_EXIT, ReceiveTemporaryFailure, runOutbox, runReceive } from './judge-commands.ts';
import { readStdin } from './read-stdin.ts';
import { migrate, MigrationFailedError, openStore } from '../store/index.ts';

// The composition root of the command line: each command reads its configuration here and
// hands plain values to the layers below.

const program = new Command();
program.name('dipjudge').description('An e-mail Diplomacy judge').showHelpAfterError();

interface ConfigOptions {
  readonly config?: string;
}
const configOption = () =>
  new Option('--config <file>', `read settings from this JSON file (environment variables override it; default $${CONFIG_FILE_VARIABLE})`);
/** The environment with --config, if given, in place of DIPJUDGE_CONFIG. */
const environment = (options: ConfigOptions) => (options.config === undefined ? process.env : { ...process.env, [CONFIG_FILE_VARIABLE]: options.config });

program
  .command('adjudicate')
  .description('read one phase (or a JSON array of phases) as JSON on stdin and write the results and next position as JSON')
  .action(async () => {
    process.stdout.write(runAdjudicate((await readStdin()).toString('utf8')));
  });

program
  .command('serve')
  .description('run the judge: read mail from the spool inbox (and IMAP_URL), send replies to the spool outbox (or SMTP_URL)')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => {
    const settings = loadConfig(environment(options));
    const log = pino({ name: 'dipjudge', ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}) });
    const running = await serve(settings, log);
    const stop = () => void running.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('receive')
  .description('process one e-mail (RFC 822) from stdin against the configured database and print the mail it queued')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => {
    // Never an uncaught exception: an MTA or procmail acts on the exit status (see the README).
    try {
      process.stdout.write(`${await runReceive(await readStdin(), environment(options))}\n`);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
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
    process.stdout.write(`${await runOutbox(environment(options))}\n`);
  });

program
  .command('migrate')
  .description('create or update the database schema and exit (serve does this too when it starts)')
  .addOption(configOption())
  .action(async (options: ConfigOptions) => {
    const settings = loadConfig(environment(options));
    const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl, migrate: false } : { dataDir: settings.dataDir, migrate: false });
    try {
      const { applied } = await migrate(store.db);
      const where = store.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${settings.dataDir}`;
      process.stdout.write(applied.length === 0 ? `the database (${where}) is up to date\n` : `applied ${applied.length} migration(s) to the database (${where}): ${applied.join(', ')}\n`);
    } finally {
      await store.close();
    }
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommandInputError || error instanceof ConfigError || error instanceof MigrationFailedError) {
    process.stderr.write(`dipjudge: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
