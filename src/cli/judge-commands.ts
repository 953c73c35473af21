import { loadConfig, type JudgeSettings } from '../config/config.ts';
import { MailJudge } from '../mail/mail-judge.ts';
import { createJudgeStore } from '../store/judge-store.ts';
import { openStore, type Store } from '../store/index.ts';

// `dipjudge receive` and `dipjudge outbox`: the judge driven by one message on stdin, for
// procmail/.forward setups and scripts, and a look at the mail waiting to be sent.

async function withStore<T>(settings: JudgeSettings, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(settings.databaseUrl ? { databaseUrl: settings.databaseUrl } : { dataDir: settings.dataDir });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function formatMail(row: { id: string; to_addresses: string[]; subject: string; headers: Readonly<Record<string, string>>; body: string; status: string }): string {
  const headers = Object.entries(row.headers).map(([k, v]) => `${k}: ${v}\n`).join('');
  return `--- outbox #${row.id} (${row.status})\nTo: ${row.to_addresses.join(', ')}\nSubject: ${row.subject}\n${headers}\n${row.body}`;
}

export async function runReceive(raw: Buffer, env?: Record<string, string | undefined>): Promise<string> {
  const settings = loadConfig(env);
  return withStore(settings, async (store) => {
    const before = await store.db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
    const outcome = await new MailJudge(createJudgeStore(store.db, { messageIdDomain: settings.judge.address.split('@')[1]! }), settings.judge).receive(raw);
    const queued = await store.db.selectFrom('outbox').selectAll().where('id', '>', before?.max ?? '0').orderBy('id').execute();
    const summary = outcome.status === 'processed' ? `processed ${outcome.messageId}: ${outcome.blocks} block(s), ${outcome.failedBlocks} refused` : outcome.status === 'duplicate' ? `duplicate ${outcome.messageId}: already processed, nothing done` : `${outcome.status} ${outcome.messageId}: ${outcome.reason}`;
    return [`# ${summary}; ${queued.length} message(s) queued`, ...queued.map(formatMail)].join('\n');
  });
}

export async function runOutbox(env?: Record<string, string | undefined>): Promise<string> {
  return withStore(loadConfig(env), async (store) => {
    const pending = await store.db.selectFrom('outbox').selectAll().where('status', '=', 'pending').orderBy('id').execute();
    return [`# ${pending.length} message(s) waiting to be sent`, ...pending.map(formatMail)].join('\n');
  });
}
