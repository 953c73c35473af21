import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerSession } from 'smtp-server';

// An in-process SMTP server for tests (mail-and-database.md §2a): listens on 127.0.0.1,
// keeps every accepted message with its envelope, and can misbehave on request.
//
//   const capture = await startSmtpCapture();
//   capture.inject({ kind: 'refuse', stage: 'rcpt', code: 451, times: 3 });
//   … send to capture.port …
//   const [message] = await capture.waitFor(1);
//   await capture.close();
//
// Faults are checked in the order injected; the first one matching the stage (and recipient)
// fires and uses up one of its `times` (unlimited when not given).

/** `Parsed` is null for a capture started with `parse: false`. */
export interface CapturedMessage<Parsed extends ParsedMail | null = ParsedMail> {
  readonly envelope: { readonly from: string | null; readonly to: readonly string[] };
  readonly raw: Buffer;
  readonly parsed: Parsed;
  /** The Message-ID header, with angle brackets, or null. */
  readonly messageId: string | null;
  /** The In-Reply-To header, or null. */
  readonly inReplyTo: string | null;
  /** The SMTP session it came in on. */
  readonly sessionId: string;
}

export type SmtpStage = 'connect' | 'mail' | 'rcpt' | 'data';

export type SmtpFault =
  /** Answer `code` (4xx or 5xx) at that stage. */
  | {
      readonly kind: 'refuse';
      readonly stage: SmtpStage;
      readonly code: number;
      readonly message?: string;
      readonly times?: number;
      /** Only for these recipients (stage 'rcpt'); case-insensitive. */
      readonly recipients?: readonly string[];
    }
  /**
   * Close the TCP connection without answering. At 'data' the message is lost; at 'after-data'
   * it is captured first, so the client never hears the 250 and will send it again.
   */
  | { readonly kind: 'drop'; readonly stage: SmtpStage | 'after-data'; readonly times?: number };

export interface CaptureStats {
  readonly connections: number;
  readonly refused: number;
  readonly dropped: number;
}

export interface SmtpCapture<Parsed extends ParsedMail | null = ParsedMail> {
  readonly host: string;
  readonly port: number;
  /** smtp://127.0.0.1:port, for a sender's smtpUrl. */
  readonly url: string;
  /** Every accepted message, in arrival order. */
  readonly messages: readonly CapturedMessage<Parsed>[];
  readonly stats: CaptureStats;
  inject(fault: SmtpFault): void;
  clearFaults(): void;
  /** Forgets captured messages and counters. */
  clear(): void;
  /** Resolves with the messages once at least `count` are in; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<readonly CapturedMessage<Parsed>[]>;
  /** Closes every connection at once and stops listening; the port is free afterwards. */
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /** 0 (default) picks a free port; give one to bring a "crashed" server back on it. */
  readonly port?: number;
  readonly faults?: readonly SmtpFault[];
  /**
   * false: keep each message raw, with only its Message-ID and In-Reply-To read, and leave the
   * MIME parsing to the caller (a benchmark does it after its timing, since parsing every
   * message costs the capture more CPU than receiving it).
   */
  readonly parse?: boolean;
}

interface ActiveFault {
  readonly fault: SmtpFault;
  remaining: number;
}

const HOST = '127.0.0.1';

export function startSmtpCapture(options?: SmtpCaptureOptions & { readonly parse?: true }): Promise<SmtpCapture>;
export function startSmtpCapture(options: SmtpCaptureOptions & { readonly parse: false }): Promise<SmtpCapture<null>>;
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture<ParsedMail | null>> {
  const messages: CapturedMessage<ParsedMail | null>[] = [];
  let faults: ActiveFault[] = [];
  const stats = { connections: 0, refused: 0, dropped: 0 };
  const waiters = new Set<() => void>();

  const inject = (fault: SmtpFault) => {
    faults.push({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  };
  for (const fault of options.faults ?? []) inject(fault);

  /** The first live fault for this stage (and recipient), used up by one. */
  function takeFault(stage: SmtpStage | 'after-data', recipient?: string): SmtpFault | null {
    const entry = faults.find(
      ({ fault, remaining }) =>
        remaining > 0 &&
        fault.stage === stage &&
        (fault.kind !== 'refuse' ||
          fault.recipients === undefined ||
          (recipient !== undefined && fault.recipients.some((r) => r.toLowerCase() === recipient.toLowerCase()))),
    );
    if (!entry) return null;
    entry.remaining -= 1;
    return entry.fault;
  }

  function refusal(fault: Extract<SmtpFault, { kind: 'refuse' }>): Error {
    stats.refused += 1;
    const text = fault.message ?? (fault.code >= 500 ? 'Refused for good (test fault)' : 'Try again later (test fault)');
    return Object.assign(new Error(text), { responseCode: fault.code });
  }

  function drop(session: SMTPServerSession): void {
    stats.dropped += 1;
    for (const connection of server.connections) {
      if (connection.session === session || connection.id === session.id) connection._socket.destroy();
    }
  }

  /** Applies a fault; returns true when it ended the exchange (callback already handled). */
  function misbehave(stage: SmtpStage, session: SMTPServerSession, callback: (err?: Error | null) => void, recipient?: string): boolean {
    const fault = takeFault(stage, recipient);
    if (fault === null) return false;
    if (fault.kind === 'drop') drop(session);
    else callback(refusal(fault));
    return true;
  }

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 50,
    onConnect(session, callback) {
      stats.connections += 1;
      if (!misbehave('connect', session, callback)) callback();
    },
    onMailFrom(_address, session, callback) {
      if (!misbehave('mail', session, callback)) callback();
    },
    onRcptTo(address, session, callback) {
      if (!misbehave('rcpt', session, callback, address.address)) callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (misbehave('data', session, callback)) return;
          const raw = Buffer.concat(chunks);
          const parsed = options.parse === false ? null : await simpleParser(raw);
          const mailFrom = session.envelope.mailFrom;
          messages.push({
            envelope: { from: mailFrom ? mailFrom.address : null, to: session.envelope.rcptTo.map((r) => r.address) },
            raw,
            parsed,
            messageId: parsed ? (parsed.messageId ?? null) : headerValue(raw, 'message-id'),
            inReplyTo: parsed ? (parsed.inReplyTo ?? null) : headerValue(raw, 'in-reply-to'),
            sessionId: session.id,
          });
          for (const wake of [...waiters]) wake();
          const after = takeFault('after-data');
          if (after?.kind === 'drop') drop(session);
          else if (after?.kind === 'refuse') callback(refusal(after));
          else callback();
        })().catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  // A client that dies mid-transaction (a daemon killed with SIGKILL) resets its socket, and
  // smtp-server re-emits that on the server: unheard, it would crash the test process. The
  // message of that transaction is simply not captured, as on a real server.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP capture has no TCP port');
  const port = address.port;

  return {
    host: HOST,
    port,
    url: `smtp://${HOST}:${port}`,
    messages,
    get stats() {
      return { ...stats };
    },
    inject,
    clearFaults() {
      faults = [];
    },
    clear() {
      messages.length = 0;
      stats.connections = 0;
      stats.refused = 0;
      stats.dropped = 0;
    },
    waitFor(count, timeoutMs = 5_000) {
      if (messages.length >= count) return Promise.resolve([...messages]);
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve([...messages]);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`SMTP capture: expected ${count} message(s) within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const connection of server.connections) connection._socket.destroy();
        server.close(() => resolve());
      });
    },
  };
}

/** A header of the message, unfolded and trimmed (the first, if repeated), or null. */
function headerValue(raw: Buffer, name: string): string | null {
  const end = raw.indexOf('\r\n\r\n');
  const lines = raw
    .toString('latin1', 0, end < 0 ? raw.length : end)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');
  const line = lines.find((l) => l.slice(0, name.length + 1).toLowerCase() === `${name}:`);
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/** Message-IDs of the captured messages, each once, in first-arrival order. */
export function distinctMessageIds(messages: readonly CapturedMessage<ParsedMail | null>[]): string[] {
  return [...new Set(messages.map((message) => message.messageId ?? '(none)'))];
}
