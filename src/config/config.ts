import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IANAZone } from 'luxon';
import { z } from 'zod';

// The judge's settings, validated once at start-up. They come from an optional JSON config file
// (DIPJUDGE_CONFIG or `--config`) whose keys are the environment variables' names, and from the
// environment, which overrides the file. Errors name the setting at fault and where it came from.
// The settings that hold a password may instead be read from a file (NAME_FILE, as Docker secrets
// and systemd credentials hand them over), so they need not sit in the environment or the JSON file.

/** pino's levels, most severe first; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const configSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DIPJUDGE_DATA_DIR: z.string().min(1).default('./data/pglite'),
    DIPJUDGE_SPOOL_DIR: z.string().min(1).default('./data/spool'),
    DIPJUDGE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
    IMAP_URL: z
      .string()
      .regex(/^imaps?:\/\//, 'must be an imap:// or imaps:// URL, e.g. imap://judge:secret@127.0.0.1:10143/INBOX')
      .optional(),
    DIPJUDGE_MAILBOX_LEADER_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    DIPJUDGE_OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
    DIPJUDGE_SMTP_RETRY_MIN_SECONDS: z.coerce.number().min(0.1).max(86_400).default(30),
    DIPJUDGE_SMTP_RETRY_MAX_SECONDS: z.coerce
      .number()
      .min(0.1)
      .max(7 * 86_400)
      .default(2 * 60 * 60),
    DIPJUDGE_SMTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).default(12),
    DIPJUDGE_DKIM_DOMAIN: z
      .string()
      .regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'must be a domain name, e.g. judge.example.org')
      .optional(),
    DIPJUDGE_DKIM_SELECTOR: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, 'must be a DNS label, e.g. dip2026')
      .optional(),
    DIPJUDGE_DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    DIPJUDGE_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    DIPJUDGE_JOB_BATCH: z.coerce.number().int().min(1).max(64).default(16),
    DIPJUDGE_KEEP_DONE_JOBS_DAYS: z.coerce.number().min(0.01).max(36_500).default(7),
    DIPJUDGE_KEEP_INBOUND_MAIL_DAYS: z.coerce.number().min(1).max(36_500).default(30),
    DIPJUDGE_KEEP_SENT_MAIL_DAYS: z.coerce.number().min(0.01).max(36_500).default(14),
    DIPJUDGE_MAX_MAIL_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024),
    DIPJUDGE_MAX_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    DIPJUDGE_MAX_REPLY_BYTES: z.coerce
      .number()
      .int()
      .min(4096)
      .default(256 * 1024),
    DIPJUDGE_MAX_MAILS_PER_DAY_UNPROVEN: z.coerce.number().int().min(1).max(10_000).default(20),
    DIPJUDGE_MIN_PASSWORD_LENGTH: z.coerce.number().int().min(1).max(64).default(4),
    DIPJUDGE_PASSWORD_COST: z.coerce
      .number()
      .int()
      .refine((n) => n >= 1024 && n <= 1_048_576 && (n & (n - 1)) === 0, 'must be a power of two from 1024 to 1048576 (scrypt cost N; 16384 by default)')
      .optional(),
    DIPJUDGE_AUTHSERV_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, 'must be the authserv-id your mail server writes in Authentication-Results, e.g. mx.judge.example.org')
      .optional(),
    DIPJUDGE_REFUSE_FAILED_SENDER_AUTH: z.enum(['yes', 'no'], 'must be yes or no').default('no'),
    DIPJUDGE_TIME_ZONE: z
      .string()
      .refine((zone) => IANAZone.isValidZone(zone), 'must be an IANA time zone, e.g. Europe/London or America/New_York')
      .default('UTC'),
    JUDGE_ADDRESS: z.email('must be an e-mail address').default('judge@localhost.localdomain'),
    JUDGE_NAME: z.string().min(1).default('dipjudge'),
    JUDGE_CODE: z
      .string()
      .regex(/^[A-Za-z0-9]{1,8}$/, 'must be 1 to 8 letters or digits')
      .default('DIP'),
    DIPJUDGE_LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
    DIPJUDGE_HTTP_PORT: z.coerce
      .number()
      .int('must be a whole number')
      .min(0, 'must be a TCP port, 1 to 65535 (0: any free port)')
      .max(65_535, 'must be a TCP port, 1 to 65535 (0: any free port)')
      .optional(),
    DIPJUDGE_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
    DIPJUDGE_METRICS_REMOTE: z.enum(['yes', 'no'], 'must be yes or no').default('no'),
    DIPJUDGE_PUBLIC_URL: z
      .string()
      .refine(
        isPublicBaseUrl,
        "must be the https:// address at which people reach this judge's HTTP side, without ? or #, e.g. https://judge.example.org or https://example.org/dip",
      )
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.DIPJUDGE_SMTP_RETRY_MAX_SECONDS < c.DIPJUDGE_SMTP_RETRY_MIN_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['DIPJUDGE_SMTP_RETRY_MAX_SECONDS'],
        message: `must not be less than DIPJUDGE_SMTP_RETRY_MIN_SECONDS (${c.DIPJUDGE_SMTP_RETRY_MIN_SECONDS})`,
      });
    }
    if (c.DIPJUDGE_REFUSE_FAILED_SENDER_AUTH === 'yes' && c.DIPJUDGE_AUTHSERV_ID === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DIPJUDGE_REFUSE_FAILED_SENDER_AUTH'],
        message: 'needs DIPJUDGE_AUTHSERV_ID: the judge trusts only the Authentication-Results its own mail server wrote',
      });
    }
    if (c.DIPJUDGE_PUBLIC_URL !== undefined && c.DIPJUDGE_HTTP_PORT === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DIPJUDGE_PUBLIC_URL'],
        message: "needs DIPJUDGE_HTTP_PORT: the unsubscribe links it puts in every mail are answered by the judge's HTTP side",
      });
    }
    const dkim = [c.DIPJUDGE_DKIM_DOMAIN, c.DIPJUDGE_DKIM_SELECTOR, c.DIPJUDGE_DKIM_PRIVATE_KEY_FILE];
    if (dkim.some((v) => v !== undefined) && dkim.some((v) => v === undefined)) {
      for (const [index, name] of DKIM_SETTINGS.entries()) {
        if (dkim[index] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `DKIM signing needs all of ${DKIM_SETTINGS.join(', ')}` });
      }
    }
  });

const DKIM_SETTINGS = ['DIPJUDGE_DKIM_DOMAIN', 'DIPJUDGE_DKIM_SELECTOR', 'DIPJUDGE_DKIM_PRIVATE_KEY_FILE'] as const;

/** Settings that carry a password: each may be read from the file NAME_FILE names instead. */
export const SECRET_SETTINGS = ['DATABASE_URL', 'IMAP_URL', 'SMTP_URL'] as const;

/** Every setting a config file or the environment may give. */
export const SETTING_NAMES: readonly string[] = [...Object.keys(configSchema.shape), ...SECRET_SETTINGS.map((name) => `${name}_FILE`)];

/** Names the config file; `--config` on the command line overrides it. */
export const CONFIG_FILE_VARIABLE = 'DIPJUDGE_CONFIG';

export interface OutboxSettings {
  /** A claim older than this is taken to belong to a crashed sender and is sent again. */
  readonly leaseSeconds: number;
  /** First delay after a temporary failure; it doubles with each failure up to retryMaxSeconds. */
  readonly retryMinSeconds: number;
  readonly retryMaxSeconds: number;
  /** Attempts before a message is given up and reported to the game's Master. */
  readonly maxAttempts: number;
}

/**
 * How long the judge keeps rows that only grow: jobs done, inbound mail handled and outbox mail
 * sent are deleted once older than this (the prune job, src/store/prune.ts). Failed mail, given-up
 * jobs and unsent messages are kept for the judgekeeper.
 */
export interface RetentionSettings {
  readonly doneJobsDays: number;
  /** At least a day: the per-sender hourly limit counts the last hour's inbound mail. */
  readonly inboundMailDays: number;
  readonly sentMailDays: number;
}

export interface DkimSettings {
  readonly domainName: string;
  readonly keySelector: string;
  /** PEM text of the private key (never logged). */
  readonly privateKey: string;
}

export interface JudgeSettings {
  /** The config file the settings were read from, if any. */
  readonly configFile: string | null;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly spoolDir: string;
  readonly pollMs: number;
  /** The daemon's log level (DIPJUDGE_LOG_LEVEL). */
  readonly logLevel: LogLevel;
  /** When set, mail to the judge is read from this IMAP mailbox (as well as the spool inbox). */
  readonly imapUrl: string | undefined;
  /** How often a standby `serve` process tries to become the one that reads the mailbox. */
  readonly mailboxLeaderRetryMs: number;
  /** When set, outgoing mail goes through this SMTP server instead of the spool outbox. */
  readonly smtpUrl: string | undefined;
  readonly outbox: OutboxSettings;
  /** Timed jobs (deadline storms) run this many at a time per process on PostgreSQL; PGlite runs one. */
  readonly jobConcurrency: number;
  /** Due timed jobs claimed together and run in one transaction (each behind a savepoint). */
  readonly jobBatchSize: number;
  readonly retention: RetentionSettings;
  /** When set, every mail sent through SMTP is DKIM-signed. */
  readonly dkim: DkimSettings | undefined;
  /**
   * When set, `serve` answers HTTP here: /healthz, /metrics and the read-only web site (src/web).
   * /metrics answers only this machine (loopback) unless `metricsRemote`.
   */
  readonly http: { readonly port: number; readonly host: string; readonly metricsRemote: boolean } | undefined;
  /**
   * Where people reach the HTTP side from outside (https, no trailing slash): every mail's
   * List-Unsubscribe then carries RFC 8058's one-click link to <publicUrl>/unsubscribe/<token>.
   */
  readonly publicUrl: string | undefined;
  readonly judge: {
    readonly address: string;
    readonly name: string;
    readonly code: string;
    readonly maxMessageBytes: number;
    readonly maxMailsPerHour: number;
    /** The most one reply may hold; the rest is left out with a line saying so. */
    readonly maxReplyBytes: number;
    /** Zone of new games that give no ZONE line. */
    readonly defaultTimeZone: string;
    /** Mails a day to an address that never proved itself (a valid password, a confirmed code, DMARC/SPF). */
    readonly maxMailsPerDayUnproven: number;
    /** The fewest characters of a new password; passwords set before keep working. */
    readonly minPasswordLength: number;
    /** scrypt's cost N for new password hashes (the judge's default when unset); each hash keeps its own, so old passwords keep working. */
    readonly passwordCost?: number;
    /** The authserv-id of the judge's own mail server: only its Authentication-Results headers are read. */
    readonly authservId?: string;
    /** Drop mail whose From fails DMARC/SPF by that server, unanswered. */
    readonly refuseFailedSenderAuth: boolean;
  };
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface LoadConfigOptions {
  /** A JSON config file; overrides DIPJUDGE_CONFIG in `env`. */
  readonly configFile?: string;
}

type Source = 'environment' | 'file';

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env, options: LoadConfigOptions = {}): JudgeSettings {
  const configFile = options.configFile ?? nonEmpty(env[CONFIG_FILE_VARIABLE]) ?? null;
  const fromFile = configFile === null ? {} : readConfigFile(configFile);
  const fromEnv = Object.fromEntries(Object.entries(env).filter(([name, v]) => v !== undefined && v !== '' && name !== CONFIG_FILE_VARIABLE));
  const sources = new Map<string, Source>([
    ...Object.keys(fromFile).map((k) => [k, 'file'] as const),
    ...Object.keys(fromEnv).map((k) => [k, 'environment'] as const),
  ]);
  const secretFiles = new Map<string, string>();
  const origin = (name: string): string => {
    const secretFile = secretFiles.get(name);
    if (secretFile !== undefined) return ` (read from ${secretFile}, named by ${name}_FILE${origin(`${name}_FILE`)})`;
    const source = sources.get(name);
    return source === 'file' ? ` (in ${configFile})` : source === 'environment' ? ' (from the environment)' : '';
  };
  const given: Record<string, unknown> = { ...fromFile, ...fromEnv };
  for (const name of SECRET_SETTINGS) {
    const fileSetting = `${name}_FILE`;
    const file = given[fileSetting];
    delete given[fileSetting];
    if (file === undefined) continue;
    if (given[name] !== undefined)
      throw new ConfigError(`invalid configuration:\n  ${fileSetting}${origin(fileSetting)}: give either ${name}${origin(name)} or ${fileSetting}, not both`);
    given[name] = readSecretFile(String(file), fileSetting, origin(fileSetting));
    secretFiles.set(name, String(file));
  }
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(
      `invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}${origin(String(i.path[0]))}: ${i.message}`).join('\n')}`,
    );
  }
  const c = parsed.data;
  return {
    configFile,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DIPJUDGE_DATA_DIR,
    spoolDir: c.DIPJUDGE_SPOOL_DIR,
    pollMs: c.DIPJUDGE_POLL_MS,
    logLevel: c.DIPJUDGE_LOG_LEVEL,
    imapUrl: c.IMAP_URL,
    mailboxLeaderRetryMs: c.DIPJUDGE_MAILBOX_LEADER_RETRY_MS,
    smtpUrl: c.SMTP_URL,
    outbox: {
      leaseSeconds: c.DIPJUDGE_OUTBOX_LEASE_SECONDS,
      retryMinSeconds: c.DIPJUDGE_SMTP_RETRY_MIN_SECONDS,
      retryMaxSeconds: c.DIPJUDGE_SMTP_RETRY_MAX_SECONDS,
      maxAttempts: c.DIPJUDGE_SMTP_MAX_ATTEMPTS,
    },
    jobConcurrency: c.DIPJUDGE_JOB_CONCURRENCY,
    jobBatchSize: c.DIPJUDGE_JOB_BATCH,
    retention: {
      doneJobsDays: c.DIPJUDGE_KEEP_DONE_JOBS_DAYS,
      inboundMailDays: c.DIPJUDGE_KEEP_INBOUND_MAIL_DAYS,
      sentMailDays: c.DIPJUDGE_KEEP_SENT_MAIL_DAYS,
    },
    dkim:
      c.DIPJUDGE_DKIM_DOMAIN !== undefined && c.DIPJUDGE_DKIM_SELECTOR !== undefined && c.DIPJUDGE_DKIM_PRIVATE_KEY_FILE !== undefined
        ? {
            domainName: c.DIPJUDGE_DKIM_DOMAIN.toLowerCase(),
            keySelector: c.DIPJUDGE_DKIM_SELECTOR,
            privateKey: readPrivateKey(c.DIPJUDGE_DKIM_PRIVATE_KEY_FILE, origin('DIPJUDGE_DKIM_PRIVATE_KEY_FILE')),
          }
        : undefined,
    http:
      c.DIPJUDGE_HTTP_PORT === undefined
        ? undefined
        : { port: c.DIPJUDGE_HTTP_PORT, host: c.DIPJUDGE_HTTP_HOST, metricsRemote: c.DIPJUDGE_METRICS_REMOTE === 'yes' },
    publicUrl: c.DIPJUDGE_PUBLIC_URL?.replace(/\/+$/, ''),
    judge: {
      address: c.JUDGE_ADDRESS.toLowerCase(),
      name: c.JUDGE_NAME,
      code: c.JUDGE_CODE.toUpperCase(),
      maxMessageBytes: c.DIPJUDGE_MAX_MAIL_BYTES,
      maxMailsPerHour: c.DIPJUDGE_MAX_MAILS_PER_HOUR,
      maxReplyBytes: c.DIPJUDGE_MAX_REPLY_BYTES,
      defaultTimeZone: c.DIPJUDGE_TIME_ZONE,
      maxMailsPerDayUnproven: c.DIPJUDGE_MAX_MAILS_PER_DAY_UNPROVEN,
      minPasswordLength: c.DIPJUDGE_MIN_PASSWORD_LENGTH,
      ...(c.DIPJUDGE_PASSWORD_COST !== undefined ? { passwordCost: c.DIPJUDGE_PASSWORD_COST } : {}),
      ...(c.DIPJUDGE_AUTHSERV_ID !== undefined ? { authservId: c.DIPJUDGE_AUTHSERV_ID.toLowerCase() } : {}),
      refuseFailedSenderAuth: c.DIPJUDGE_REFUSE_FAILED_SENDER_AUTH === 'yes',
    },
  };
}

/** The file's settings as given; unknown keys are refused so a misspelt setting is not silently ignored. */
function readConfigFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${file}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the config file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigError(`the config file ${file} must hold a JSON object of settings, e.g. { "JUDGE_ADDRESS": "judge@example.org" }`);
  }
  const known = new Set(SETTING_NAMES);
  const problems: string[] = [];
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    if (!known.has(name)) problems.push(`  ${name} (in ${file}): not a setting of dipjudge`);
    else if (typeof value !== 'string' && typeof value !== 'number') problems.push(`  ${name} (in ${file}): must be a string or a number`);
    else if (value !== '') settings[name] = value;
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n${problems.join('\n')}`);
  return settings;
}

/** A secret's file: its text without the line end editors and `echo` leave. */
function readSecretFile(file: string, setting: string, whereFrom: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`invalid configuration:\n  ${setting}${whereFrom}: cannot read ${file}: ${(error as Error).message}`);
  }
  const value = text.replace(/\r?\n$/, '');
  if (value.trim() === '') throw new ConfigError(`invalid configuration:\n  ${setting}${whereFrom}: ${file} is empty`);
  return value;
}

function readPrivateKey(file: string, whereFrom: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`invalid configuration:\n  DIPJUDGE_DKIM_PRIVATE_KEY_FILE${whereFrom}: cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    createPrivateKey(pem);
  } catch {
    throw new ConfigError(`invalid configuration:\n  DIPJUDGE_DKIM_PRIVATE_KEY_FILE${whereFrom}: ${file} does not hold a PEM private key`);
  }
  return pem;
}

/** An https URL with a host and neither query nor fragment (RFC 8058 wants HTTPS for one-click). */
function isPublicBaseUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' && url.hostname !== '' && url.search === '' && url.hash === '' && url.username === '' && url.password === '' && !/[?#]/.test(text)
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
