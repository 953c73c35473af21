// A wake-up that is not lost when nobody is waiting yet: ring() while the loop is busy leaves
// the bell pending, and the next wait returns at once. waitForAny() takes the first of several
// bells or a timeout, consumes what it returned on, and leaves no timer or listener behind.

export class Doorbell {
  private pending = false;
  private readonly listeners = new Set<() => void>();

  ring(): void {
    this.pending = true;
    for (const listener of [...this.listeners]) listener();
  }

  /** True (and no longer pending) when the bell had rung. */
  take(): boolean {
    const was = this.pending;
    this.pending = false;
    return was;
  }

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Resolves with the bell that rang first, or null after `ms`. */
export function waitForAny(bells: readonly Doorbell[], ms: number): Promise<Doorbell | null> {
  const rung = bells.find((bell) => bell.take());
  if (rung) return Promise.resolve(rung);
  return new Promise((resolve) => {
    const stopListening: (() => void)[] = [];
    let done = false;
    const finish = (bell: Doorbell | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const stop of stopListening) stop();
      bell?.take();
      resolve(bell);
    };
    const timer = setTimeout(() => finish(null), Math.max(0, ms));
    for (const bell of bells) stopListening.push(bell.listen(() => finish(bell)));
  });
}
