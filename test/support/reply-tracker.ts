import { performance } from 'node:perf_hooks';
import type { CapturedMessage, SmtpCapture } from './smtp-capture.ts';

// Watches an SMTP capture and files every arriving mail under the Message-ID it answers
// (In-Reply-To), with the moment it arrived (performance.now(), taken in the same tick the
// capture stored it). For latency figures and for "answered exactly once" checks.

export interface CapturedReply {
  /** The reply's own Message-ID (the outbox row's). */
  readonly messageId: string;
  readonly arrivedAt: number;
  readonly message: CapturedMessage;
}

export interface ReplyTracker {
  /** Every captured reply to an inbound Message-ID, in arrival order (redeliveries included). */
  readonly repliesTo: ReadonlyMap<string, readonly CapturedReply[]>;
  /** Captured mail without In-Reply-To (notices, results). */
  readonly unthreaded: readonly CapturedMessage[];
  /** performance.now() when the first reply to `inboundMessageId` arrived, if one did. */
  firstReplyAt(inboundMessageId: string): number | undefined;
  /** Resolves once every one of `inboundMessageIds` has a reply; rejects with the missing ones after `timeoutMs`. */
  waitForReplies(inboundMessageIds: Iterable<string>, timeoutMs: number): Promise<void>;
  stop(): void;
}

export function trackReplies(capture: SmtpCapture): ReplyTracker {
  const repliesTo = new Map<string, CapturedReply[]>();
  const unthreaded: CapturedMessage[] = [];
  const listeners = new Set<() => void>();
  let seen = 0;
  let stopped = false;

  const file = () => {
    const now = performance.now();
    for (; seen < capture.messages.length; seen++) {
      const message = capture.messages[seen]!;
      const inReplyTo = message.parsed.inReplyTo;
      if (inReplyTo === undefined) {
        unthreaded.push(message);
        continue;
      }
      const list = repliesTo.get(inReplyTo) ?? [];
      list.push({ messageId: message.messageId ?? '(none)', arrivedAt: now, message });
      repliesTo.set(inReplyTo, list);
    }
    for (const listener of [...listeners]) listener();
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
      const missing = () => [...wanted].filter((id) => !repliesTo.has(id));
      if (missing().length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (missing().length > 0) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          const absent = missing();
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
