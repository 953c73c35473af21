import { Command } from 'commander';
import { CommandInputError, runAdjudicate } from './adjudicate-command.ts';
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

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof CommandInputError) {
    process.stderr.write(`dipjudge: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
