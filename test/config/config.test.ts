import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from '../../src/config/config.ts';

// Settings from the environment and a JSON config file: defaults, the file, the environment
// overriding it, and errors that name the setting and where it came from.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dipjudge-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function configFile(name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function configError(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('runs with no settings at all: PGlite, the spool, UTC, no DKIM, the outbox defaults', () => {
    const settings = loadConfig({});
    expect(settings).toMatchObject({
      configFile: null,
      databaseUrl: undefined,
      dataDir: './data/pglite',
      imapUrl: undefined,
      smtpUrl: undefined,
      mailboxLeaderRetryMs: 5_000,
      outbox: { leaseSeconds: 300, retryMinSeconds: 30, retryMaxSeconds: 7_200, maxAttempts: 12 },
      dkim: undefined,
      judge: { address: 'judge@localhost.localdomain', code: 'DIP', defaultTimeZone: 'UTC' },
    });
  });

  it('takes a time zone for new games and refuses one that is not an IANA zone', () => {
    expect(loadConfig({ DIPJUDGE_TIME_ZONE: 'America/New_York' }).judge.defaultTimeZone).toBe('America/New_York');
    const message = configError(() => loadConfig({ DIPJUDGE_TIME_ZONE: 'Mars/Olympus_Mons' }));
    expect(message).toMatch(/DIPJUDGE_TIME_ZONE \(from the environment\): must be an IANA time zone/);
  });

  it('reads a JSON file named by DIPJUDGE_CONFIG, with numbers as numbers, and lets the environment override it', async () => {
    const file = await configFile('judge.json', {
      JUDGE_ADDRESS: 'judge@file.example',
      JUDGE_NAME: 'File Judge',
      DIPJUDGE_POLL_MS: 250,
      DIPJUDGE_OUTBOX_LEASE_SECONDS: 60,
      DIPJUDGE_TIME_ZONE: 'Europe/Berlin',
    });
    const settings = loadConfig({ DIPJUDGE_CONFIG: file, JUDGE_NAME: 'Env Judge', DIPJUDGE_TIME_ZONE: 'Asia/Tokyo', UNRELATED_VARIABLE: 'ignored' });
    expect(settings.configFile).toBe(file);
    expect(settings.judge).toMatchObject({ address: 'judge@file.example', name: 'Env Judge', defaultTimeZone: 'Asia/Tokyo' });
    expect(settings.pollMs).toBe(250);
    expect(settings.outbox.leaseSeconds).toBe(60);
    // An empty variable does not blank out the file's value.
    expect(loadConfig({ DIPJUDGE_CONFIG: file, JUDGE_ADDRESS: '' }).judge.address).toBe('judge@file.example');
  });

  it('prefers the --config file over DIPJUDGE_CONFIG', async () => {
    const fromVariable = await configFile('variable.json', { JUDGE_CODE: 'VAR' });
    const fromOption = await configFile('option.json', { JUDGE_CODE: 'OPT' });
    expect(loadConfig({ DIPJUDGE_CONFIG: fromVariable }, { configFile: fromOption }).judge.code).toBe('OPT');
  });

  it('names the bad setting and the file it came from', async () => {
    const file = await configFile('bad-values.json', { DIPJUDGE_TIME_ZONE: 'Nowhere/Special', SMTP_URL: 'mail.example.org', JUDGE_CODE: 'OK' });
    const message = configError(() => loadConfig({ DIPJUDGE_CONFIG: file, JUDGE_CODE: 'not a code!' }));
    expect(message).toContain(`DIPJUDGE_TIME_ZONE (in ${file}): must be an IANA time zone`);
    expect(message).toContain(`SMTP_URL (in ${file}): must be an smtp:// or smtps:// URL`);
    expect(message).toContain('JUDGE_CODE (from the environment): must be 1 to 8 letters or digits');
  });

  it('refuses a config file that is missing, not JSON, not an object or names unknown settings', async () => {
    const missing = path.join(dir, 'missing.json');
    expect(configError(() => loadConfig({ DIPJUDGE_CONFIG: missing }))).toMatch(new RegExp(`cannot read the config file ${missing}: ENOENT`));
    const broken = await configFile('broken.json', '{ "JUDGE_NAME": "x", }');
    expect(configError(() => loadConfig({}, { configFile: broken }))).toContain(`the config file ${broken} is not valid JSON`);
    const list = await configFile('list.json', ['JUDGE_NAME']);
    expect(configError(() => loadConfig({}, { configFile: list }))).toContain(`the config file ${list} must hold a JSON object of settings`);
    const typo = await configFile('typo.json', { JUDGE_ADRESS: 'judge@example.org', DIPJUDGE_POLL_MS: [100] });
    const message = configError(() => loadConfig({}, { configFile: typo }));
    expect(message).toContain(`JUDGE_ADRESS (in ${typo}): not a setting of dipjudge`);
    expect(message).toContain(`DIPJUDGE_POLL_MS (in ${typo}): must be a string or a number`);
  });

  it('caps mail to unproven addresses, and refuses failed DMARC/SPF only with the mail server named', () => {
    expect(loadConfig({}).judge).toMatchObject({ maxMailsPerDayUnproven: 20, refuseFailedSenderAuth: false });
    expect(loadConfig({}).judge.authservId).toBeUndefined();
    expect(
      loadConfig({ DIPJUDGE_AUTHSERV_ID: 'MX.Judge.Example', DIPJUDGE_REFUSE_FAILED_SENDER_AUTH: 'yes', DIPJUDGE_MAX_MAILS_PER_DAY_UNPROVEN: '5' }).judge,
    ).toMatchObject({
      authservId: 'mx.judge.example',
      refuseFailedSenderAuth: true,
      maxMailsPerDayUnproven: 5,
    });
    expect(configError(() => loadConfig({ DIPJUDGE_REFUSE_FAILED_SENDER_AUTH: 'yes' }))).toMatch(
      /DIPJUDGE_REFUSE_FAILED_SENDER_AUTH \(from the environment\): needs DIPJUDGE_AUTHSERV_ID/,
    );
    expect(configError(() => loadConfig({ DIPJUDGE_REFUSE_FAILED_SENDER_AUTH: 'true' }))).toMatch(/must be yes or no/);
  });

  it("takes scrypt's cost for new passwords as a power of two from 1024, and leaves the judge's default when unset", () => {
    expect(loadConfig({}).judge.passwordCost).toBeUndefined();
    expect(loadConfig({ DIPJUDGE_PASSWORD_COST: '65536' }).judge.passwordCost).toBe(65536);
    for (const bad of ['512', '20000', '2097152', 'many']) {
      expect(configError(() => loadConfig({ DIPJUDGE_PASSWORD_COST: bad }))).toMatch(/DIPJUDGE_PASSWORD_COST \(from the environment\): /);
    }
  });

  it('takes the public HTTPS address for one-click unsubscribe links only with the HTTP side on', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ DIPJUDGE_HTTP_PORT: '8080', DIPJUDGE_PUBLIC_URL: 'https://judge.example.org/' }).publicUrl).toBe('https://judge.example.org');
    expect(loadConfig({ DIPJUDGE_HTTP_PORT: '8080', DIPJUDGE_PUBLIC_URL: 'https://example.org/dip' }).publicUrl).toBe('https://example.org/dip');
    for (const bad of [
      'http://judge.example.org',
      'judge.example.org',
      'https://judge.example.org/?x=1',
      'https://user:pw@judge.example.org',
      'https://judge.example.org/#top',
    ]) {
      expect(configError(() => loadConfig({ DIPJUDGE_HTTP_PORT: '8080', DIPJUDGE_PUBLIC_URL: bad }))).toMatch(
        /DIPJUDGE_PUBLIC_URL \(from the environment\): must be the https:\/\/ address/,
      );
    }
    expect(configError(() => loadConfig({ DIPJUDGE_PUBLIC_URL: 'https://judge.example.org' }))).toMatch(
      /DIPJUDGE_PUBLIC_URL \(from the environment\): needs DIPJUDGE_HTTP_PORT/,
    );
  });

  it('checks the outbox retry delays against each other', () => {
    const settings = loadConfig({ DIPJUDGE_SMTP_RETRY_MIN_SECONDS: '5', DIPJUDGE_SMTP_RETRY_MAX_SECONDS: '600', DIPJUDGE_SMTP_MAX_ATTEMPTS: '4' });
    expect(settings.outbox).toEqual({ leaseSeconds: 300, retryMinSeconds: 5, retryMaxSeconds: 600, maxAttempts: 4 });
    expect(configError(() => loadConfig({ DIPJUDGE_SMTP_RETRY_MIN_SECONDS: '60', DIPJUDGE_SMTP_RETRY_MAX_SECONDS: '10' }))).toMatch(
      /DIPJUDGE_SMTP_RETRY_MAX_SECONDS \(from the environment\): must not be less than DIPJUDGE_SMTP_RETRY_MIN_SECONDS/,
    );
    expect(configError(() => loadConfig({ DIPJUDGE_OUTBOX_LEASE_SECONDS: '0' }))).toMatch(/DIPJUDGE_OUTBOX_LEASE_SECONDS/);
    expect(configError(() => loadConfig({ DIPJUDGE_MAILBOX_LEADER_RETRY_MS: 'often' }))).toMatch(/DIPJUDGE_MAILBOX_LEADER_RETRY_MS/);
  });

  it('loads a DKIM key, and wants all three DKIM settings and a readable PEM key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyFile = path.join(dir, 'dkim.pem');
    await writeFile(keyFile, pem);
    const settings = loadConfig({ DIPJUDGE_DKIM_DOMAIN: 'Judge.Example.org', DIPJUDGE_DKIM_SELECTOR: 'dip2026', DIPJUDGE_DKIM_PRIVATE_KEY_FILE: keyFile });
    expect(settings.dkim).toEqual({ domainName: 'judge.example.org', keySelector: 'dip2026', privateKey: pem });

    const partial = configError(() => loadConfig({ DIPJUDGE_DKIM_DOMAIN: 'judge.example.org' }));
    expect(partial).toMatch(/DIPJUDGE_DKIM_SELECTOR: DKIM signing needs all of/);
    expect(partial).toMatch(/DIPJUDGE_DKIM_PRIVATE_KEY_FILE: DKIM signing needs all of/);

    const file = await configFile('dkim.json', {
      DIPJUDGE_DKIM_DOMAIN: 'judge.example.org',
      DIPJUDGE_DKIM_SELECTOR: 'dip2026',
      DIPJUDGE_DKIM_PRIVATE_KEY_FILE: path.join(dir, 'no-key.pem'),
    });
    expect(configError(() => loadConfig({}, { configFile: file }))).toMatch(
      new RegExp(`DIPJUDGE_DKIM_PRIVATE_KEY_FILE \\(in ${file}\\): cannot read .*no-key\\.pem`),
    );
    const notAKey = await configFile('not-a-key.pem', 'hello');
    const message = configError(() => loadConfig({ DIPJUDGE_CONFIG: file, DIPJUDGE_DKIM_PRIVATE_KEY_FILE: notAKey }));
    expect(message).toContain(`DIPJUDGE_DKIM_PRIVATE_KEY_FILE (from the environment): ${notAKey} does not hold a PEM private key`);
    expect(message).not.toContain('hello');
  });

  it('reads DATABASE_URL, IMAP_URL and SMTP_URL from the files their _FILE settings name, never both ways, and never shows the secret', async () => {
    const secret = await configFile('database-url', 'postgres://judge:s3cret-pw@db.example:5432/dipjudge\n');
    const imap = await configFile('imap-url', 'imaps://judge%40example.org:mail-pw@mail.example/INBOX');
    const file = await configFile('secrets.json', { IMAP_URL_FILE: imap });
    const settings = loadConfig({ DATABASE_URL_FILE: secret, DIPJUDGE_CONFIG: file });
    expect(settings.databaseUrl).toBe('postgres://judge:s3cret-pw@db.example:5432/dipjudge');
    expect(settings.imapUrl).toBe('imaps://judge%40example.org:mail-pw@mail.example/INBOX');
    expect(configError(() => loadConfig({ DATABASE_URL_FILE: secret, DATABASE_URL: 'postgres://x@y/z' }))).toBe(
      'invalid configuration:\n  DATABASE_URL_FILE (from the environment): give either DATABASE_URL (from the environment) or DATABASE_URL_FILE, not both',
    );
    expect(configError(() => loadConfig({ SMTP_URL_FILE: path.join(dir, 'nosuch') }))).toMatch(
      /^invalid configuration:\n {2}SMTP_URL_FILE \(from the environment\): cannot read .*nosuch: ENOENT/,
    );
    expect(configError(() => loadConfig({ SMTP_URL_FILE: imap }))).toBe(
      `invalid configuration:\n  SMTP_URL (read from ${imap}, named by SMTP_URL_FILE (from the environment)): must be an smtp:// or smtps:// URL`,
    );
    const empty = await configFile('empty-secret', '\n');
    expect(configError(() => loadConfig({ SMTP_URL_FILE: empty }))).toContain(`${empty} is empty`);
  });

  it('keeps /metrics to this machine unless DIPJUDGE_METRICS_REMOTE is yes', () => {
    expect(loadConfig({ DIPJUDGE_HTTP_PORT: '8080' }).http).toEqual({ port: 8080, host: '127.0.0.1', metricsRemote: false });
    expect(loadConfig({ DIPJUDGE_HTTP_PORT: '8080', DIPJUDGE_METRICS_REMOTE: 'yes' }).http?.metricsRemote).toBe(true);
    expect(configError(() => loadConfig({ DIPJUDGE_METRICS_REMOTE: 'maybe' }))).toContain('DIPJUDGE_METRICS_REMOTE (from the environment): must be yes or no');
  });

  it('knows every setting docs/running.md documents', async () => {
    const readme = await readFile(new URL('../../docs/running.md', import.meta.url), 'utf8');
    const undocumented = SETTING_NAMES.filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
