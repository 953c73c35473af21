import type { JudgeStore, StorageChange, StoreTransaction } from '../../src/judge/ports.ts';

// The judge's storage port with every call to it written down, by method name (apply with the
// kinds of the changes it carries, a SAVEPOINT's release and rollback too): what the unit of work
// tests count.

export function recordingTransaction(tx: StoreTransaction, calls: string[]): StoreTransaction {
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(property === 'apply' ? `apply(${(args[0] as StorageChange[]).map((c) => c.kind).join(',')})` : String(property));
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (property !== 'savepoint') return result;
        return (result as ReturnType<StoreTransaction['savepoint']>).then((savepoint) => ({
          release: () => {
            calls.push('release');
            return savepoint.release();
          },
          rollback: () => {
            calls.push('rollback');
            return savepoint.rollback();
          },
        }));
      };
    },
  });
}

/** The store with its transactions' calls written down into `calls` while `recording()` says so. */
export function recordingStore(store: JudgeStore, calls: string[], recording: () => boolean): JudgeStore {
  return {
    isTransient: (error) => store.isTransient(error),
    transaction: (work) => store.transaction((tx) => work(recording() ? recordingTransaction(tx, calls) : tx)),
  };
}
