import { z } from 'zod';

// The judge's settings, from environment variables, validated once at start-up. Errors name
// the variable at fault.

const configSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DIPJUDGE_DATA_DIR: z.string().min(1).default('./data/pglite'),
  DIPJUDGE_SPOOL_DIR: z.string().min(1).default('./data/spool'),
  DIPJUDGE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  IMAP_URL: z.string().regex(/^imaps?:\/\//, 'must be an imap:// or imaps:// URL, e.g. imap://judge:secret@127.0.0.1:10143/INBOX').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  DIPJUDGE_MAX_MAIL_BYTES: z.coerce.number().int().min(1024).default(256 * 1024),
  DIPJUDGE_MAX_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  JUDGE_ADDRESS: z.email('must be an e-mail address').default('judge@localhost.localdomain'),
  JUDGE_NAME: z.string().min(1).default('dipjudge'),
  JUDGE_CODE: z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'must be 1 to 8 letters or digits').default('DIP'),
});

export interface JudgeSettings {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly spoolDir: string;
  readonly pollMs: number;
  /** When set, mail to the judge is read from this IMAP mailbox (as well as the spool inbox). */
  readonly imapUrl: string | undefined;
  /** When set, outgoing mail goes through this SMTP server instead of the spool outbox. */
  readonly smtpUrl: string | undefined;
  readonly judge: { readonly address: string; readonly name: string; readonly code: string; readonly maxMessageBytes: number; readonly maxMailsPerHour: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): JudgeSettings {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    throw new ConfigError(`invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const c = parsed.data;
  return {
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DIPJUDGE_DATA_DIR,
    spoolDir: c.DIPJUDGE_SPOOL_DIR,
    pollMs: c.DIPJUDGE_POLL_MS,
    imapUrl: c.IMAP_URL,
    smtpUrl: c.SMTP_URL,
    judge: {
      address: c.JUDGE_ADDRESS.toLowerCase(),
      name: c.JUDGE_NAME,
      code: c.JUDGE_CODE.toUpperCase(),
      maxMessageBytes: c.DIPJUDGE_MAX_MAIL_BYTES,
      maxMailsPerHour: c.DIPJUDGE_MAX_MAILS_PER_HOUR,
    },
  };
}
