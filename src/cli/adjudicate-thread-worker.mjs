// A worker thread of `dipjudge adjudicate` run from the TypeScript sources (tests): a worker starts
// without the TypeScript loader, so its module is loaded through tsx here.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
