import { Command } from 'commander';
import { CommandInputError, runAdjudicate } from './adjudicate-command.ts';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config/config.ts';
import { serve } from '../daemon/serve.ts';
import { runOutbox, runReceive } from './judge-commands.ts';
import { readStdin } from './read-stdin.ts';

// The composition root of the command line: each command reads its configuration here and
// hands plain values to the layers below.

const program = new Command();
program.name('dipjudge').description('An e-mail Diplomacy judge').showHelpAfterError();

program
  .command('adjudicate')
  .description('read one phase (or a JSON array of phases) as JSON on stdin and write the results and next position as JSON')
  .action(async () => {
    process.stdout.write(runAdjudicate((await readStdin()).toString('utf8')));
  });

program
  .command('serve')
  .description('run the judge: process mail from the spool inbox and write outgoing mail to the spool outbox')
  .action(async () => {
    const log = pino({ name: 'dipjudge', ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}) });
    const running = await serve(loadConfig(), log);
    const stop = () => void running.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('receive')
  .description('process one e-mail (RFC 822) from stdin against the configured database and print the mail it queued')
  .action(async () => {
    process.stdout.write(`${await runReceive(await readStdin())}\n`);
  });

program
  .command('outbox')
  .description('list the outgoing mail waiting to be sent')
  .action(async () => {
    process.stdout.write(`${await runOutbox()}\n`);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommandInputError || error instanceof ConfigError) {
    process.stderr.write(`dipjudge: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
