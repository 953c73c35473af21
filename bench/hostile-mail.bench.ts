import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { MailJudge } from '../src/mail/mail-judge.ts';
import { openStore } from '../src/store/index.ts';
import { createJudgeStore } from '../src/store/judge-store.ts';
import { eml } from '../test/judge/mail-builder.ts';
import { createScratchDatabase } from '../test/support/scratch-postgres.ts';
import { machineLine } from './machine.ts';

// npm run bench:hostile — how long one hostile mail holds the judge (issue 25), beside an ordinary
// mail in the same run: a MailJudge in this process on a scratch database of the real PostgreSQL
// server, with the daemon's own scrypt cost, judging the reproducers one at a time, each
// from a sender of its own:
//   300 SIGNONs        7 KB: 300 wrong `SIGNON Fdemo guessN` lines
//   300 SIGNONs, own   France's player signing on 300 times with the right password (no lock stops them)
//   3,000 HISTORY      77 KB: `HISTORY demo LINES n` for n = 1 … 3,000, all different
//   100 BROADCASTs     one SIGNON and 100 BROADCAST … ENDPRESS blocks (the press bomb)
//   LIST demo          the baseline: an ordinary information mail
// The game 'demo' has seven players and --phases=P (20) phases of history (the Master's PROCESS),
// since a HISTORY costs more the longer the game. Each mail's wall time is printed with the
// outgoing mails it made. The same script runs on an older judge for the before figures.
// The machine may be shared: the load average is printed at the start and the end.

const argv = process.argv.slice(2);
const phases = Number(argv.find((a) => a.startsWith('--phases='))?.slice('--phases='.length) ?? 20);
const JUDGE = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP' };

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const scratch = await createScratchDatabase('dipjudge_bench_hostile');
  const store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
  try {
    const judge = new MailJudge(createJudgeStore(store.db, { messageIdDomain: 'judge.example' }), { ...JUDGE, maxMailsPerHour: 10_000 }, () => 0.3);
    let serial = 0;
    const send = async (from: string, body: string) => {
      const before = await store.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const start = performance.now();
      const outcome = await judge.receive(eml({ from, messageId: `<h${++serial}@players.example>` }, body));
      const seconds = (performance.now() - start) / 1000;
      const after = await store.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { seconds, status: outcome.status, mails: Number(after.n) - Number(before.n) };
    };
    await send('gm@players.example', 'CREATE demo gmpass\nFORM');
    for (let i = 1; i <= 7; i++) await send(`p${i}@players.example`, `JOIN demo password${i}`);
    for (let i = 0; i < phases; i++) await send('gm@players.example', 'SIGNON Mdemo gmpass\nPROCESS');
    const france = await store.db.selectFrom('seats').select('address').where('power', '=', 'FRANCE').executeTakeFirstOrThrow();
    const francePassword = `password${france.address.slice(1, 2)}`;
    const mails: { readonly name: string; readonly from: string; readonly body: string }[] = [
      { name: 'LIST demo (baseline)', from: 'reader@players.example', body: 'LIST demo' },
      { name: '300 SIGNONs', from: 'guesser@evil.example', body: Array.from({ length: 300 }, (_, i) => `SIGNON Fdemo guess${i}`).join('\n') },
      { name: "300 SIGNONs, France's own", from: france.address, body: Array.from({ length: 300 }, () => `SIGNON Fdemo ${francePassword}`).join('\n') },
      {
        name: '3,000 HISTORY … LINES n',
        from: 'historian@evil.example',
        body: Array.from({ length: 3000 }, (_, i) => `HISTORY demo LINES ${i + 1}`).join('\n'),
      },
      {
        name: '100 BROADCASTs',
        from: france.address,
        body: [`SIGNON Fdemo ${francePassword}`, ...Array.from({ length: 100 }, (_, i) => `BROADCAST\nnews ${i}\nENDPRESS`)].join('\n'),
      },
      { name: 'LIST demo (baseline again)', from: 'reader2@players.example', body: 'LIST demo' },
    ];
    console.log(`game 'demo': 7 players, ${phases} phases processed; scrypt at the daemon's cost`);
    for (const mail of mails) {
      const { seconds, status, mails: made } = await send(mail.from, mail.body);
      console.log(
        `${mail.name.padEnd(28)} ${(Buffer.byteLength(mail.body) / 1024).toFixed(1).padStart(5)} KB  ${seconds.toFixed(2).padStart(7)} s  ${status}, ${made} outgoing mails`,
      );
    }
  } finally {
    await store.close();
    await scratch.drop();
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  }
}

await main();
