import { describe, expect, it } from 'vitest';
import { redactLine } from '../../src/commands/redact.ts';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';

// Issue 29: a misspelt opener ("SINGON Fdemo pw7") is refused with a suggestion, and its password
// never comes back in the reply, whatever the misspelling.

describe('a misspelt opener', () => {
  it('is quoted with its password masked', async () => {
    const store = new InMemoryJudgeStore();
    const game = await startHarnessGame(store, '', () => new Date('2026-11-02T12:00:00Z'));
    for (const opener of [
      'SINGON Fdemo secretpw7',
      'SIGNOM Fdemo secretpw7',
      'JION demo secretpw7',
      'OBSREVE demo secretpw7',
      'TAKEOVR france@demo secretpw7',
    ]) {
      const before = store.outbox().length;
      await game.judge.receive(inboundMail('p3@players.example', `${opener}\nA Par H`));
      const reply = withoutMarks(
        store
          .outbox()
          .slice(before)
          .find((m) => m.kind === 'reply')!.body,
      );
      expect(reply, opener).toMatch(/did you mean/);
      expect(reply, opener).not.toContain('secretpw7');
    }
  });

  it('leaves an order near a Master command as written (REMOVE is near REVIVE)', () => {
    expect(redactLine('Remove A cal')).toBe('Remove A cal');
    expect(redactLine('SINGON Fdemo secretpw7')).toBe('SINGON Fdemo ****');
  });
});
