import { ImapFlow, type Logger as ImapFlowLogger } from 'imapflow';

// Where the judge's mailbox lives and how to open a connection to it. An ImapFlow client is
// single-use (a second connect() throws), so this module only ever builds fresh ones; the
// intake decides when. The password never leaves this module except into ImapFlow's LOGIN,
// which masks it in its own logs; describe() gives a password-free label for ours.

export interface ImapConnectionSettings {
  readonly host: string;
  readonly port: number;
  /** Implicit TLS (imaps://, usually port 993). */
  readonly secure: boolean;
  /** STARTTLS on a plain connection; imap:// defaults to true except on loopback addresses. */
  readonly startTls: boolean;
  readonly user: string;
  readonly pass: string;
  /** The mailbox the judge reads, usually INBOX. */
  readonly mailbox: string;
}

/** `{host, port, user, pass, mailbox}` as a caller may give it; the rest is defaulted. */
export interface ImapConnectionInput {
  readonly host: string;
  readonly port?: number;
  readonly secure?: boolean;
  readonly startTls?: boolean;
  readonly user: string;
  readonly pass: string;
  readonly mailbox?: string;
}

export interface ImapClientOptions {
  /** ImapFlow's own logger (pino-compatible), or false for none; never left to its stdout default. */
  readonly logger: ImapFlowLogger | false;
  /** How long the connection stays quiet before ImapFlow enters IDLE (its default is 15 s). */
  readonly autoIdleDelayMs: number;
  readonly connectTimeoutMs: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * Reads `imap://user:pass@host:port/Mailbox` or `imaps://…`. User and password are
 * percent-decoded, so a password may hold `@` or `/` written as %40 and %2F. The path names the
 * mailbox (default INBOX); `?starttls=false` turns STARTTLS off for a plain imap:// server.
 */
export function parseImapUrl(url: string): ImapConnectionSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('the IMAP URL cannot be parsed (expected imap://user:pass@host:port/Mailbox)');
  }
  const secure = parsed.protocol === 'imaps:';
  if (!secure && parsed.protocol !== 'imap:') throw new Error(`the IMAP URL must start with imap:// or imaps://, not ${parsed.protocol}//`);
  if (parsed.username === '') throw new Error('the IMAP URL names no user (imap://user:pass@host/…)');
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const startTls = parsed.searchParams.get('starttls');
  return normaliseConnection({
    host: parsed.hostname,
    ...(parsed.port === '' ? {} : { port: Number(parsed.port) }),
    secure,
    ...(startTls === null ? {} : { startTls: startTls !== 'false' && startTls !== '0' }),
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    ...(mailbox === '' ? {} : { mailbox }),
  });
}

export function normaliseConnection(input: ImapConnectionInput | string): ImapConnectionSettings {
  if (typeof input === 'string') return parseImapUrl(input);
  const secure = input.secure ?? false;
  const port = input.port ?? (secure ? 993 : 143);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`the IMAP port must be 1–65535, not ${port}`);
  if (input.host === '') throw new Error('the IMAP host is empty');
  return {
    host: input.host,
    port,
    secure,
    // Plain text over loopback is what a local Dovecot offers; anywhere else insist on TLS.
    startTls: input.startTls ?? (!secure && !LOOPBACK.has(input.host)),
    user: input.user,
    pass: input.pass,
    mailbox: input.mailbox ?? 'INBOX',
  };
}

/** `judge@127.0.0.1:1143/INBOX`: for logs and state keys; holds no password. */
export function describeConnection(settings: ImapConnectionSettings): string {
  return `${settings.user}@${settings.host}:${settings.port}/${settings.mailbox}`;
}

/** A new, unconnected client. Call connect() once, and never reuse it after close. */
export function createImapClient(settings: ImapConnectionSettings, options: ImapClientOptions): ImapFlow {
  return new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    doSTARTTLS: settings.secure ? undefined : settings.startTls,
    auth: { user: settings.user, pass: settings.pass },
    logger: options.logger,
    autoIdleDelay: options.autoIdleDelayMs,
    connectionTimeout: options.connectTimeoutMs,
    greetingTimeout: options.connectTimeoutMs,
    // Who we are, in the server's logs.
    clientInfo: { name: 'dipjudge' },
  });
}
