import { expect } from 'vitest';
import type { PublicViewStore } from '../../src/judge/ports.ts';
import { publicSite } from '../../src/web/public-view.ts';
import { buildWebApp } from '../../src/web/server.ts';
import { HARNESS_JUDGE } from './judge-harness.ts';

/** A page of the read-only web site on this store, as anyone sees it at `now` (fastify's inject: no socket); it must answer 200. */
export async function publicPage(store: PublicViewStore, url: string, now: () => Date): Promise<string> {
  const app = buildWebApp({
    site: publicSite(store),
    info: { judgeName: 'dipjudge', judgeAddress: HARNESS_JUDGE.address },
    health: async () => ({ ok: true, checks: {} }),
    metrics: async () => '',
    unsubscribe: async () => 'unknown-token',
    now,
  });
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  expect(response.statusCode, url).toBe(200);
  return response.body;
}
