import { queuedDrawing } from '../../src/judge/reports/map-pictures.ts';
import { describe, expect, it } from 'vitest';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';

// A finished game's last mail, the end notice, carries the final map (issue 31): the position the game
// ended in, without orders, drawn as the results' maps are, to everyone but those who SET MAP OFF.

const NOW = new Date('2026-11-21T12:00:00Z');
const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];

function endNotices(store: InMemoryJudgeStore) {
  return store.outbox().filter((m) => m.kind === 'notice' && /Game over|Victory|Draw/i.test(m.subject) && /is over/.test(m.body));
}

describe("a finished game's end notice", () => {
  it('carries the final map of a draw, except to a player who SET MAP OFF', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => NOW);
    await game.as('RUSSIA', 'SET MAP OFF');
    for (const power of POWERS) await game.as(power, 'SET DRAW');
    const notices = endNotices(store);
    expect(notices).toHaveLength(2);
    const [withMap, without] = notices[0]!.attachments!.length > 0 ? notices : [notices[1]!, notices[0]!];
    expect(without!.attachments ?? []).toEqual([]);
    expect(without!.to).toHaveLength(1);
    expect(withMap!.to.length).toBeGreaterThan(6);
    expect(withMap!.to).not.toContain(without!.to[0]);
    const [picture] = withMap!.attachments!;
    expect(picture).toMatchObject({ filename: 'demo-S1901M.png', contentType: 'image/png', inline: true });
    const svg = queuedDrawing(picture!.draw!)!.svg;
    expect(svg).toContain('demo · Spring 1901 Movement');
    expect(svg).toContain('2026-11-21');
    // The position, without orders: every unit is drawn, no arrow, no default-order tag.
    expect(svg.match(/<text [^>]*font-size="6.2"/g)).toHaveLength(22);
    expect(svg).not.toContain('stroke="#1a1a1a" stroke-width="0.8"');
    expect(svg).not.toContain('class="no-order"');
  });

  it('carries it when the Master ends the game', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => NOW);
    await game.judge.receive(inboundMail('gm@players.example', 'SIGNON Mdemo gmpass\nGAME HAS ENDED'));
    const notices = endNotices(store);
    expect(notices).toHaveLength(1);
    expect(queuedDrawing(notices[0]!.attachments![0]!.draw!)!.svg).toContain('demo · Spring 1901 Movement');
  });
});
