import { describe, expect, it } from 'vitest';
import { withoutMarks } from '../../src/render/wrap.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// Issue 29: njudge's Master and press options that were refused by name, played by mail on the
// in-memory storage port: SET [NO] BROADCAST, SET ALL|NORMAL PRESS, PARTIAL FAKES BROADCAST [BY
// DEFAULT], POSTAL PRESS, SET START and APPROVAL / SET APPROVE.

const NOW = new Date('2026-11-02T12:00:00Z');
const GM = 'gm@players.example';
const MASTER = 'SIGNON Mdemo gmpass';
const HOLDS: Record<string, string> = {
  AUSTRIA: 'A Vie H\nA Bud H\nF Tri H',
  ENGLAND: 'F Lon H\nF Edi H\nA Lvp H',
  FRANCE: 'A Par H\nA Mar H\nF Bre H',
  GERMANY: 'A Ber H\nF Kie H\nA Mun H',
  ITALY: 'A Rom H\nA Ven H\nF Nap H',
  RUSSIA: 'A Mos H\nA War H\nF Sev H\nF Stp/sc H',
  TURKEY: 'A Con H\nA Smy H\nF Ank H',
};

async function played(createLines = '') {
  const store = new InMemoryJudgeStore();
  let now = NOW;
  const game = await startHarnessGame(store, createLines, () => now);
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const addressOf = (power: string) => seats.find((s) => s.power === power)!.address as string;
  const signon = (power: string) => `SIGNON ${power[0]}demo pw${addressOf(power).slice(1, 2)}`;
  /** Mails `text` from `from`; the mails it caused, the sender's reply first. */
  const send = async (from: string, text: string) => {
    const before = store.outbox().length;
    await game.judge.receive(inboundMail(from, text));
    const mails = store.outbox().slice(before);
    const reply = withoutMarks(mails.find((m) => m.kind === 'reply' && m.to.includes(from as never))?.body ?? '');
    return { reply, mails };
  };
  const as = (power: string, lines: string) => send(addressOf(power), `${signon(power)}\n${lines}`);
  const master = (lines: string) => send(GM, `${MASTER}\n${lines}`);
  const stored = () => store.transaction(async (tx) => (await tx.findGame(gameName('demo')))!);
  const to = (mails: readonly { to: readonly string[]; kind: string; body: string }[], address: string) =>
    mails.filter((m) => m.kind === 'press' && m.to.includes(address));
  const setNow = (at: Date) => {
    now = at;
  };
  return { store, send, as, master, stored, addressOf, to, setNow };
}

describe("njudge's reader press settings by mail", () => {
  it("SET NO BROADCAST keeps the players' broadcasts from the sender, not the Master's; SET BROADCAST undoes it", async () => {
    const { as, master, addressOf, to } = await played();
    const france = addressOf('FRANCE');
    expect((await as('FRANCE', 'SET NO BROADCAST')).reply).toMatch(/You will no longer receive the players' and observers' broadcasts of game 'demo'/);
    const quiet = await as('ENGLAND', 'BROADCAST\nHello everyone.\nENDBROADCAST');
    expect(to(quiet.mails, france)).toHaveLength(0);
    expect(to(quiet.mails, addressOf('GERMANY'))).toHaveLength(1);
    const official = await master('BROADCAST\nDeadlines are firm.\nENDBROADCAST');
    expect(to(official.mails, france)).toHaveLength(1);
    expect((await as('FRANCE', 'SET NORMAL BROADCAST')).reply).toMatch(/You will receive the broadcasts of game 'demo' again\./);
    expect(to((await as('ENGLAND', 'BROADCAST\nAgain.\nENDBROADCAST')).mails, france)).toHaveLength(1);
  });

  it('SET ALL PRESS copies partial press silently to the Master; SET NORMAL PRESS stops it; a player may not', async () => {
    const { as, master, to } = await played();
    expect((await as('FRANCE', 'SET ALL PRESS')).reply).toMatch(/SET ALL PRESS is for the Master of game 'demo'/);
    expect((await master('SET ALL PRESS')).reply).toMatch(/You will now get a silent copy of all partial press in game 'demo'/);
    const secret = await as('ENGLAND', 'PRESS TO F\nShall we share the Channel?\nENDPRESS');
    const masterCopy = to(secret.mails, GM);
    expect(masterCopy).toHaveLength(1);
    // The Master's copy says who really wrote it; the sender is not told of the copy.
    expect(masterCopy[0]!.body).toMatch(/England/);
    expect(secret.reply).not.toMatch(/Master/);
    expect((await master('SET NORMAL PRESS')).reply).toMatch(/You will get only the press sent to you in game 'demo' again\./);
    expect(to((await as('ENGLAND', 'PRESS TO F\nStill there?\nENDPRESS')).mails, GM)).toHaveLength(0);
  });
});

describe("njudge's PARTIAL FAKES BROADCAST by mail", () => {
  it("shows every player's partial press as a broadcast", async () => {
    const { as, master, addressOf, to, send } = await played();
    expect((await master('SET PARTIAL FAKES BROADCAST')).reply).toMatch(/fake press changed\. Partial fakes broadcast/);
    const press = await as('ENGLAND', 'PRESS TO F\nOnly for you.\nENDPRESS');
    const copy = to(press.mails, addressOf('FRANCE'));
    expect(copy).toHaveLength(1);
    expect(copy[0]!.body).toMatch(/^Broadcast message/);
    expect(to(press.mails, addressOf('GERMANY'))).toHaveLength(0);
    expect((await send(GM, 'LIST demo')).reply).toMatch(/Fake press: partial fakes broadcast: all press but to or from the Master is shown as a broadcast\./);
  });

  it('BY DEFAULT shows partial press as a broadcast unless the sender writes NO FAKE or fakes other recipients', async () => {
    const { as, master, addressOf, to } = await played();
    await master('SET PARTIAL FAKES BROADCAST BY DEFAULT');
    const france = addressOf('FRANCE');
    expect(to((await as('ENGLAND', 'PRESS TO F\nA.\nENDPRESS')).mails, france)[0]!.body).toMatch(/^Broadcast message/);
    expect(to((await as('ENGLAND', 'PRESS TO F NO FAKE\nB.\nENDPRESS')).mails, france)[0]!.body).toMatch(/^Message from England to France in 'demo':/);
    expect(to((await as('ENGLAND', 'PRESS TO F FAKE TO FG\nC.\nENDPRESS')).mails, france)[0]!.body).toMatch(/to France and Germany/);
  });
});

describe("njudge's POSTAL PRESS by mail", () => {
  it('is refused until the Master allows it, then goes to everyone with the results and into HISTORY', async () => {
    const { as, master, send, addressOf, stored } = await played();
    expect((await as('ENGLAND', 'POSTAL PRESS\nEngland will keep the peace.\nENDPRESS')).reply).toMatch(
      /game 'demo' has no postal press; the Master allows it with SET POSTAL PRESS/,
    );
    expect((await master('SET POSTAL PRESS')).reply).toMatch(/postal press changed/);
    expect((await as('ENGLAND', 'POSTAL PRESS TO F\nx\nENDPRESS')).reply).toMatch(/POSTAL PRESS takes no options \("TO F"\)/);
    const queued = await as('ENGLAND', 'POSTALPRESS\nEngland will keep the peace.\nENDPRESS');
    expect(queued.reply).toMatch(/Your postal press will go to everyone in game 'demo' with the results of S1901M\./);
    expect(queued.mails.filter((m) => m.kind === 'press')).toHaveLength(0);
    let last = queued;
    for (const [power, orders] of Object.entries(HOLDS)) last = await as(power, orders);
    expect((await stored()).currentPhase).toBe('F1901M');
    const postal = last.mails.filter((m) => m.kind === 'press');
    const players = postal.find((m) => m.to.includes(addressOf('FRANCE') as never))!;
    expect(players.subject).toMatch(/DIP:demo - S1901M Postal Press from E/);
    expect(players.body).toBe("Postal press from England in 'demo' (S1901M):\n\nEngland will keep the peace.");
    expect(postal.some((m) => m.to.includes(GM as never))).toBe(true);
    expect((await stored()).options?.postalPress ?? []).toHaveLength(0);
    expect((await send(GM, 'HISTORY demo')).reply).toContain('England will keep the peace.');
  });
});

describe("njudge's SET START and APPROVAL by mail", () => {
  it('SET START holds early processing to the start, and takes the deadline with it when later', async () => {
    const { as, master, stored, setNow } = await played();
    const before = await stored();
    expect((await as('FRANCE', 'SET START Mon 9 Nov 2026 12:00')).reply).toMatch(
      /only the Master of game 'demo' \(or, in an unmoderated game, a player\) may SET START/,
    );
    const early = await master('SET START Wed 4 Nov 2026 12:00');
    expect(early.reply).toMatch(/Game 'demo': S1901M will not be processed before Wed Nov 04 2026 12:00:00 \+0000\./);
    expect(early.mails.some((m) => m.kind === 'notice' && /it will not be processed before/.test(m.body))).toBe(true);
    expect((await stored()).processStart).toEqual(new Date('2026-11-04T12:00:00Z'));
    for (const [power, orders] of Object.entries(HOLDS)) await as(power, orders);
    const ready = await stored();
    expect(ready.currentPhase).toBe('S1901M');
    expect(ready.processAt).toEqual(new Date('2026-11-04T12:00:00Z'));
    setNow(new Date('2026-11-03T12:00:00Z'));
    const late = await master(`SET START ${formatLater(before.deadline!)}`);
    expect(late.reply).toMatch(/The deadline/);
    const moved = await stored();
    expect(moved.deadline!.getTime()).toBeGreaterThan(before.deadline!.getTime());
    expect(moved.processStart).toEqual(moved.deadline);
  });

  it("APPROVAL set before the start holds every player's orders until SET APPROVE; SET NOT APPROVE withdraws it", async () => {
    const { as, master, stored } = await played('SET APPROVAL');
    expect((await stored()).options?.unapproved).toHaveLength(7);
    expect((await as('FRANCE', HOLDS.FRANCE!)).reply).toMatch(/France is not approved yet in game 'demo': orders are refused until the Master's SET APPROVE/);
    expect((await as('FRANCE', 'SET APPROVE F')).reply).toMatch(/only the Master approves players/);
    expect((await master('SET APPROVE F, G')).reply).toMatch(/Game 'demo': France and Germany are approved and may send orders\./);
    expect((await as('FRANCE', HOLDS.FRANCE!)).reply).toMatch(/Army Paris HOLD/i);
    expect((await master('SET NOT APPROVED France')).reply).toMatch(/France is not approved: orders are refused until SET APPROVE\./);
    expect((await as('FRANCE', HOLDS.FRANCE!)).reply).toMatch(/France is not approved yet/);
    expect((await master('SET APPROVE X')).reply).toMatch(/SET APPROVE: "X" is not a power of this game/);
  });
});

/** A day after `deadline`, as SET START reads it. */
function formatLater(deadline: Date): string {
  const later = new Date(deadline.getTime() + 24 * 3_600_000);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${days[later.getUTCDay()]} ${later.getUTCDate()} ${months[later.getUTCMonth()]} ${later.getUTCFullYear()} ${String(later.getUTCHours()).padStart(2, '0')}:${String(later.getUTCMinutes()).padStart(2, '0')}`;
}

describe("njudge's SIGN ON ? by mail", () => {
  it('enters the oldest listed forming game of the variant asked for that needs no privacy word', async () => {
    const { send, store } = await played();
    const state = (name: string) => store.transaction(async (tx) => (await tx.findGame(gameName(name)))!);
    expect((await send('p8@players.example', 'SIGN ON ? pw88')).reply).toMatch(
      /SIGN ON \? found no standard game taking players that is open to all; LIST shows the games forming/,
    );
    await send('gm2@players.example', 'CREATE secret gm2pass\nPRIVATE sesame\nSET LIST\nFORM');
    await send('gm6@players.example', 'CREATE boats gm6pass standard gunboat\nSET LIST\nFORM');
    await send('gm3@players.example', 'CREATE older gm3pass\nSET LIST\nFORM');
    await send('gm4@players.example', 'CREATE younger gm4pass\nSET LIST\nFORM');
    await send('gm5@players.example', 'CREATE chaotic gm5pass chaos\nSET LIST\nFORM');
    const joined = await send('p8@players.example', 'SIGN ON ? pw88');
    expect(joined.reply).toMatch(/joined game 'older'/);
    expect(joined.reply).not.toContain('pw88');
    expect((await send('p9@players.example', 'SIGNON ? pw99 chaos')).reply).toMatch(/joined game 'chaotic'/);
    expect((await send('p10@players.example', 'SIGN ON ? pw1010 gunboat')).reply).toMatch(/joined game 'boats'/);
    expect((await send('p11@players.example', 'SIGN ON ? pw1111 chaos gunboat')).reply).toMatch(/SIGN ON \? found no gunboat chaos game taking players/);
    expect((await state('older')).status).toBe('forming');
    // The player is in: SIGN ON ?older with the same password signs them on again.
    expect((await send('p8@players.example', 'SIGN ON ?older pw88\nLIST')).reply).not.toMatch(/Nothing in this block was done/);
  });
});

describe("njudge's AUTO CREATE by mail", () => {
  it('makes the next game of the series, unlisted and forming with the same settings and Master, when the game ends in a draw', async () => {
    const { as, master, send, store } = await played('SET MAX ABSENCE 5');
    expect((await master('SET AUTO CREATE\nSET NO DIAS')).reply).toMatch(/auto create changed\. Auto create: when the game ends in a victory or a draw/);
    await send('gm2@players.example', 'CREATE demo2 gm2pass\nFORM');
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA']) await as(power, 'SET DRAW AEFGIRT');
    const last = await as('TURKEY', 'SET DRAW AEFGIRT');
    expect(last.reply).toMatch(/Game 'demo' is over/);
    // demo2 was taken: the series goes on with demo3.
    const notice = last.mails.find((m) => m.kind === 'notice' && m.subject.endsWith('Game created: demo3'))!;
    expect(notice.body).toMatch(
      /game 'demo3' \(Standard\) is now forming with the same settings and Master, unlisted\. To play again, send JOIN demo3 <password>/,
    );
    const next = await store.transaction(async (tx) => (await tx.findGame(gameName('demo3')))!);
    expect(next).toMatchObject({ status: 'forming', listed: false, variant: 'standard', options: { maxAbsenceDays: 5 } });
    expect(next.rules).toEqual(expect.arrayContaining(['AUTO_CREATE', 'NO_DIAS']));
    expect((await send(GM, 'SIGNON Mdemo3 gmpass\nLIST')).reply).not.toMatch(/Nothing in this block was done/);
    expect((await send('p1@players.example', 'JOIN demo3 pw11')).reply).toMatch(/joined game 'demo3'/);
  });
});
