import { performance } from 'node:perf_hooks';
import type { ParsedMail } from 'mailparser';
import type { CapturedMessage, SmtpCapture } from './smtp-capture.ts';

// Watches an SMTP capture and files every arriving mail under the Message-ID it answers
// (In-Reply-To), with the moment it arrived (performance.now(), taken in the same tick the
// capture stored it). For latency figures and for "answered exactly once" checks.

export interface CapturedReply<Parsed extends ParsedMail | null = ParsedMail> {
  /** The reply's own Message-ID (the outbox row's). */
  readonly messageId: string;
  readonly arrivedAt: number;
  readonly message: CapturedMessage<Parsed>;
}

export interface ReplyTracker<Parsed extends ParsedMail | null = ParsedMail> {
  /** Every captured reply to an inbound Message-ID, in arrival order (redeliveries included). */
  readonly repliesTo: ReadonlyMap<string, readonly CapturedReply<Parsed>[]>;
  /** Captured mail without In-Reply-To (notices, results). */
  readonly unthreaded: readonly CapturedMessage<Parsed>[];
  /** performance.now() when the first reply to `inboundMessageId` arrived, if one did. */
  firstReplyAt(inboundMessageId: string): number | undefined;
  /** Resolves once every one of `inboundMessageIds` has a reply; rejects with the missing ones after `timeoutMs`. */
  waitForReplies(inboundMessageIds: Iterable<string>, timeoutMs: number): Promise<void>;
  stop(): void;
}

export function trackReplies<Parsed extends ParsedMail | null>(capture: SmtpCapture<Parsed>): ReplyTracker<Parsed> {
  const repliesTo = new Map<string, CapturedReply<Parsed>[]>();
  const unthreaded: CapturedMessage<Parsed>[] = [];
  /** Told the inbound Message-IDs that got their first reply. */
  const listeners = new Set<(answered: readonly string[]) => void>();
  let seen = 0;
  let stopped = false;

  const file = () => {
    const now = performance.now();
    const answered: string[] = [];
    for (; seen < capture.messages.length; seen++) {
      const message = capture.messages[seen]!;
      const inReplyTo = message.inReplyTo;
      if (inReplyTo === null) {
        unthreaded.push(message);
        continue;
      }
      const list = repliesTo.get(inReplyTo) ?? [];
      if (list.length === 0) answered.push(inReplyTo);
      list.push({ messageId: message.messageId ?? '(none)', arrivedAt: now, message });
      repliesTo.set(inReplyTo, list);
    }
    for (const listener of [...listeners]) listener(answered);
  };

  // waitFor(n) resolves in the microtask after the n-th message is stored: close enough to time it.
  void (async () => {
    while (!stopped) {
      await capture.waitFor(seen + 1, 1_000).catch(() => undefined);
      file();
    }
  })();

  return {
    repliesTo,
    unthreaded,
    firstReplyAt: (id) => repliesTo.get(id)?.[0]?.arrivedAt,
    waitForReplies(inboundMessageIds, timeoutMs) {
      const wanted = new Set(inboundMessageIds);
      // Counted down as replies arrive: a check per arrival over every wanted id would cost the
      // benchmark's process more than receiving the reply does.
      const missing = new Set([...wanted].filter((id) => !repliesTo.has(id)));
      if (missing.size === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = (answered: readonly string[]) => {
          for (const id of answered) missing.delete(id);
          if (missing.size > 0) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const absent = [...missing];
          reject(new Error(`${absent.length} of ${wanted.size} mails got no reply within ${timeoutMs} ms, e.g. ${absent.slice(0, 5).join(', ')}`));
        }, timeoutMs);
        listeners.add(check);
      });
    },
    stop() {
      stopped = true;
    },
  };
}
