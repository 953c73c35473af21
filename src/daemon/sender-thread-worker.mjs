// The sender thread's entry: a worker starts without the daemon's TypeScript loader, so the
// module is loaded through tsx here.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
