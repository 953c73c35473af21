import { readdirSync, readFileSync } from 'node:fs';

// CPU time of groups of processes between two moments, from /proc (Linux only; elsewhere every
// figure is null). A benchmark uses it to tell its own processes (judge, Dovecot, the judge's
// PostgreSQL backends) from whatever else keeps the machine busy.
//
//   const meter = cpuMeter({ dovecot: (cmd) => cmd.startsWith('dovecot-test-4242/') });
//   … work …
//   meter.read();   // { groups: { dovecot: 0.4 }, machineBusy: 1.7, elapsed: 2.0 } (seconds)

export type ProcessMatcher = (commandLine: string, pid: number) => boolean;

export interface CpuReading {
  /** CPU seconds per group; null when /proc cannot be read. */
  readonly groups: Readonly<Record<string, number | null>>;
  /** CPU seconds the whole machine spent busy (all cores), or null. */
  readonly machineBusy: number | null;
  /** Wall seconds since the meter started. */
  readonly elapsed: number;
  /** With `threadsOf`: that process's CPU seconds by thread name (threadMeter). */
  readonly threads?: Readonly<Record<string, number>> | null;
}

export interface CpuMeter {
  read(): CpuReading;
}

/** CPU seconds of one process's threads since the meter started, by thread name; null when /proc cannot be read. */
export interface ThreadMeter {
  read(): Readonly<Record<string, number>> | null;
}

// USER_HZ is 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)); Node cannot ask for it.
const TICKS_PER_SECOND = 100;

export function cpuMeter(groups: Readonly<Record<string, ProcessMatcher>>, options: { readonly threadsOf?: number } = {}): CpuMeter {
  const startedAt = process.hrtime.bigint();
  const threads = options.threadsOf === undefined ? null : threadMeter(options.threadsOf);
  const before = snapshot(groups);
  const machineBefore = machineTicks();
  return {
    read() {
      const after = snapshot(groups);
      const machineAfter = machineTicks();
      const result: Record<string, number | null> = {};
      for (const name of Object.keys(groups)) {
        const then = before?.get(name);
        const now = after?.get(name);
        if (!then || !now) {
          result[name] = null;
          continue;
        }
        let ticks = 0;
        for (const [pid, used] of now) ticks += used - (then.get(pid) ?? 0);
        result[name] = ticks / TICKS_PER_SECOND;
      }
      return {
        groups: result,
        machineBusy: machineBefore !== null && machineAfter !== null ? (machineAfter - machineBefore) / TICKS_PER_SECOND : null,
        elapsed: Number(process.hrtime.bigint() - startedAt) / 1e9,
        ...(threads === null ? {} : { threads: threads.read() }),
      };
    },
  };
}

/**
 * CPU of one process's threads by name (/proc/PID/task/TID/comm: Node's MainThread, a named
 * worker such as dipjudge-sender, libuv-worker for the thread pool where scrypt and file system
 * calls run, V8Worker for the garbage collector's and compiler's helpers): threads of one name
 * summed. A thread that ends between two readings takes its CPU with it.
 */
export function threadMeter(pid: number): ThreadMeter {
  const before = threadTicks(pid);
  return {
    read() {
      const after = threadTicks(pid);
      if (before === null || after === null) return null;
      const seconds: Record<string, number> = {};
      for (const [tid, { name, ticks }] of after) seconds[name] = (seconds[name] ?? 0) + (ticks - (before.get(tid)?.ticks ?? 0)) / TICKS_PER_SECOND;
      return seconds;
    },
  };
}

function threadTicks(pid: number): Map<number, { readonly name: string; readonly ticks: number }> | null {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  const result = new Map<number, { name: string; ticks: number }>();
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      result.set(Number(tid), { name, ticks: ticksOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')) });
    } catch {
      // ended meanwhile
    }
  }
  return result;
}

/** Per group: pid → utime + stime ticks so far. */
function snapshot(groups: Readonly<Record<string, ProcessMatcher>>): Map<string, Map<number, number>> | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const result = new Map<string, Map<number, number>>(Object.keys(groups).map((name) => [name, new Map()]));
  for (const entry of entries) {
    const pid = Number(entry);
    let commandLine: string;
    let stat: string;
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const ticks = ticksOf(stat);
    for (const [name, matches] of Object.entries(groups)) if (matches(commandLine, pid)) result.get(name)!.set(pid, ticks);
  }
  return result;
}

/** utime + stime of a /proc stat line (a process's or a thread's). */
function ticksOf(stat: string): number {
  // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function machineTicks(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice: guest time is already
    // counted in user, so busy = user + nice + system + irq + softirq + steal.
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    return [0, 1, 2, 5, 6, 7].reduce((sum, index) => sum + (values[index] ?? 0), 0);
  } catch {
    return null;
  }
}
