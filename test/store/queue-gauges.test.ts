import { expect, it } from 'vitest';
import { queueGauges } from '../../src/store/health-queries.ts';
import { queueInbound } from '../../src/store/inbound-queue.ts';
import { describeEachDatabase } from '../support/databases.ts';

// What /metrics reads for a judgekeeper's alerts: how much mail waits to be judged and for how
// long, beside the outbox and the jobs.

describeEachDatabase('the queue gauges of /metrics', (getStore) => {
  it('count the inbound mail waiting to be judged and the age of the oldest, and nothing when the queue is empty', async () => {
    const { db } = getStore();
    const now = new Date('2026-11-26T16:00:00Z');
    expect(await queueGauges(db, now)).toMatchObject({ inboundQueued: 0, inboundOldestSeconds: 0 });

    const mail = (n: number) => ({
      messageId: `<q${n}@players.example>`,
      mail: null,
      unreadable: 'test',
      raw: Buffer.from(`mail ${n}`),
      origin: null,
      orderKeys: [],
    });
    await queueInbound(db, [mail(1), mail(2), mail(3)]);
    // The first recorded 90 s before now, the others later.
    await db
      .updateTable('inbound_queue')
      .set({ queued_at: new Date(now.getTime() - 90_000) })
      .where('message_id', '=', '<q1@players.example>')
      .execute();
    await db
      .updateTable('inbound_queue')
      .set({ queued_at: new Date(now.getTime() - 5_000) })
      .where('message_id', '!=', '<q1@players.example>')
      .execute();
    expect(await queueGauges(db, now)).toMatchObject({ inboundQueued: 3, inboundOldestSeconds: 90 });

    await db.deleteFrom('inbound_queue').where('message_id', '=', '<q1@players.example>').execute();
    expect(await queueGauges(db, now)).toMatchObject({ inboundQueued: 2, inboundOldestSeconds: 5 });
  });
});
