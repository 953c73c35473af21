// Preloaded into the bench's child daemon (NODE_OPTIONS=--import=…) by `--cpu-prof=DIR`: Node 20
// refuses --cpu-prof in NODE_OPTIONS, so the profile is taken through the inspector instead and
// written as DIR/daemon-<pid>.cpuprofile when the process exits (a worker thread that loads it too,
// as the sender thread does, writes DIR/daemon-<pid>-thread-<id>.cpuprofile when it ends).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';

const dir = process.env.DIPJUDGE_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // An in-thread inspector session answers synchronously, so this works inside 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(dir, `daemon-${process.pid}${isMainThread ? '' : `-thread-${threadId}`}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
