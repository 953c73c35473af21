import { describe, expect, it } from 'vitest';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Issue 29: the spellings njudge's players bring get njudge's answers (the command audit).

const NOW = new Date('2026-11-02T12:00:00Z');
const GM = 'gm@players.example';

async function judged(createLines = '') {
  const store = new InMemoryJudgeStore();
  const game = await startHarnessGame(store, createLines, () => NOW);
  const send = async (from: string, text: string): Promise<string> => {
    const before = store.outbox().length;
    await game.judge.receive(inboundMail(from, text));
    return withoutMarks(
      store
        .outbox()
        .slice(before)
        .find((m) => m.kind === 'reply' && m.to.includes(from as never))?.body ?? '',
    );
  };
  const status = async (name = 'demo') => store.transaction(async (tx) => (await tx.findGame(gameName(name)))!);
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const signon = (power: string) => {
    const seat = seats.find((s) => s.power === power)!;
    return { address: seat.address, line: `SIGNON ${power[0]}demo pw${seat.address.slice(1, 2)}` };
  };
  return { store, send, status, signon };
}

describe("njudge's spellings by mail", () => {
  it('PAUSE and RESUME pause and resume the game; PREDICT previews the phase', async () => {
    const { send, status } = await judged();
    expect(await send(GM, 'SIGNON Mdemo gmpass\nPAUSE')).toMatch(/Game 'demo' is paused/);
    expect((await status()).status).toBe('waiting');
    expect(await send(GM, 'SIGNON Mdemo gmpass\nRESUME')).toMatch(/Game 'demo' is active again\./);
    expect((await status()).status).toBe('active');
    expect(await send(GM, 'SIGNON Mdemo gmpass\nPREDICT')).not.toMatch(/Nothing in this block was done/);
  });

  it('FORCE BEGIN starts a forming game at once, the empty seats as dummies', async () => {
    const { send, status } = await judged();
    await send('gm2@players.example', 'CREATE second gm2pass\nFORM');
    await send('p8@players.example', 'JOIN second pw8');
    await send('p9@players.example', 'JOIN second pw9');
    const reply = await send('gm2@players.example', 'SIGNON Msecond gm2pass\nFORCE BEGIN');
    expect(reply).not.toMatch(/Only players who hold a power/);
    expect((await status('second')).status).toBe('active');
  });

  it('PROCESS with orders missing suggests PROCESS!; PROCESS phase is ignored once the game has left that phase', async () => {
    const { send, status, signon } = await judged();
    expect(await send(GM, 'SIGNON Mdemo gmpass\nPROCESS')).toMatch(/Not all orders are in: waiting for Austria, .*\. Send PROCESS! to process the phase now/);
    expect(await send(GM, 'SIGNON Mdemo gmpass\nPROCESS!')).toMatch(/S1901M has been processed/);
    expect((await status()).currentPhase).toBe('F1901M');
    expect(await send(GM, 'SIGNON Mdemo gmpass\nPROCESS S1901M')).toMatch(/PROCESS S1901M is ignored: game 'demo' is already in F1901M\./);
    expect((await status()).currentPhase).toBe('F1901M');
    const france = signon('FRANCE');
    expect(await send(france.address, `${france.line}\nHISTORY LINES 40`)).toMatch(/History information for game 'demo'/);
  });

  it("reads njudge's variant names: CREATE and SIGN ON ?game with ancient_med", async () => {
    const { send, status } = await judged();
    expect(await send('gm3@players.example', 'CREATE ?med gm3pass ancient_med\nFORM')).not.toMatch(/Nothing in this block was done/);
    expect((await status('med')).variant).toBe('ancmed');
    expect(await send('p8@players.example', 'SIGNON ?med pw8 ancient_med')).toMatch(/joined game 'med'/);
  });

  it('lets the njudge form SIGN ON ?game pw word into a private game, the word being its privacy word', async () => {
    const { send } = await judged();
    await send('gm2@players.example', 'CREATE hidden gm2pass\nPRIVATE sesame\nFORM');
    expect(await send('p8@players.example', 'SIGNON ?hidden pw8')).toMatch(/Game 'hidden' is private/);
    const reply = await send('p9@players.example', 'SIGNON ?hidden pw9 sesame');
    expect(reply).toMatch(/joined game 'hidden'/);
    expect(reply).not.toContain('sesame');
  });

  it('refuses by name, with the reason, the njudge options this judge does not have', async () => {
    const { send } = await judged();
    const refusals: Record<string, RegExp> = {
      'SET LEVEL ANY': /this judge has no registration and so no levels: use SET DEDICATION, ONTIMERAT or RESRAT, or ALLOW PLAYER/,
      'SET ALLOW MASTER x@players.example': /SET ALLOW MASTER is refused: njudge's master lists say who may create games on the whole judge/,
    };
    for (const [line, reason] of Object.entries(refusals)) expect(await send(GM, `SIGNON Mdemo gmpass\n${line}`), line).toMatch(reason);
  });
});
