import { queuedDrawing } from '../../src/judge/reports/map-pictures.ts';
import { describe, expect, it } from 'vitest';
import { loadVariant } from '../../src/catalog/variant-catalog.ts';
import { sightedPosition, sightOf, sightRulesOf } from '../../src/engine/sight.ts';
import type { Position, PositionSight, PowerId } from '../../src/engine/types.ts';
import { publicSite } from '../../src/web/public-view.ts';
import { InMemoryJudgeStore } from '../support/in-memory-judge-store.ts';
import { HARNESS_JUDGE, inboundMail, startHarnessGame } from '../support/judge-harness.ts';
import { gameName } from '../support/names.ts';

// A blind and a fog game played by mail to the second year on the in-memory store, where every mail
// each power, the observer and a stranger receive is checked against what the reader's sight allows:
// no foreign unit out of sight, no owner of a centre out of sight, no other power's counts. The check
// runs over the whole outbox, so an output path that forgets the visibility policy fails here.

const NOW = new Date('2026-11-21T12:00:00Z');
const standard = loadVariant('standard');
const POWERS = standard.powers.map((p) => p.id);
const UNIT_WORDS = { A: 'Army', F: 'Fleet' } as const;

const OPENINGS: Record<string, string> = {
  FRANCE: 'A Par-Bur\nA Mar S A Par-Bur\nF Bre-Mao',
  GERMANY: 'A Mun-Ruh\nA Ber-Kie\nF Kie-Den',
  ENGLAND: 'F Lon-Nth\nF Edi-Nwg\nA Lvp-Yor',
  ITALY: 'A Ven-Pie\nA Rom-Ven\nF Nap-Ion',
  RUSSIA: 'A War-Gal\nA Mos-Ukr\nF Sev-Bla\nF Stp/sc-Bot',
  AUSTRIA: 'A Vie-Tri\nA Bud-Ser\nF Tri-Alb',
  TURKEY: 'A Con-Bul\nA Smy-Con\nF Ank-Bla',
};
const FALL: Record<string, string> = {
  FRANCE: 'A Bur-Bel\nF Mao-Por\nA Mar-Spa',
  GERMANY: 'F Den-Swe\nA Kie-Hol\nA Ruh-Bel',
  ENGLAND: 'F Nth-Nwy\nF Nwg-Bar\nA Yor-Lon',
  ITALY: 'F Ion-Tun\nA Ven-Tyr',
  RUSSIA: 'F Bot-Swe\nA Gal-Rum\nA Ukr-Sev',
  AUSTRIA: 'A Ser-Gre\nF Alb S A Ser-Gre\nA Tri-Vie',
  TURKEY: 'A Bul-Gre\nF Bla-Rum',
};

interface Step {
  /** The outbox index where the step's mails begin. */
  readonly from: number;
  /** The positions the step's mails may show: the phase played and the one it led to. */
  readonly positions: readonly Position[];
}

async function blindGame(rules: string) {
  const store = new InMemoryJudgeStore();
  const game = await startHarnessGame(store, `RULES ${rules}`, () => NOW);
  await game.judge.receive(inboundMail('watcher@players.example', 'OBSERVE demo watchpw'));
  const positionNow = () =>
    store.transaction(async (tx) => {
      const found = (await tx.findGame(gameName('demo')))!;
      return { game: found, position: (await tx.phase(found.id, found.currentPhase!))!.position };
    });
  const steps: Step[] = [];
  const step = async (act: () => Promise<unknown>) => {
    const before = (await positionNow()).position;
    const from = store.outbox().length;
    await act();
    steps.push({ from, positions: [before, (await positionNow()).position] });
  };
  const master = (lines: string) => game.judge.receive(inboundMail('gm@players.example', `SIGNON Mdemo gmpass\n${lines}`));
  const stranger = (lines: string) => game.judge.receive(inboundMail('stranger@elsewhere.example', lines));
  return { store, game, steps, step, master, stranger, positionNow };
}

/** Who reads a mail: the power whose player it goes to, the observer, the Master or a stranger. */
function readerOf(to: string, addressOf: ReadonlyMap<string, PowerId>): PowerId | 'observer' | 'master' | 'stranger' {
  if (to === 'gm@players.example') return 'master';
  if (to === 'watcher@players.example') return 'observer';
  return addressOf.get(to) ?? 'stranger';
}

/** What in `text` shows more than `sights` (one per position the mail may show) allow `reader` to see. */
function leaks(text: string, reader: PowerId | null, positions: readonly Position[], sights: readonly PositionSight[]): string[] {
  const problems: string[] = [];
  for (const [i, position] of positions.entries()) {
    const seen = sights[i]!;
    for (const unit of [...position.units, ...position.dislodged]) {
      if (unit.power === reader) continue;
      const seenSomewhere = sights.some((s, j) =>
        [...sightedPosition(positions[j]!, s).units, ...sightedPosition(positions[j]!, s).dislodged].some(
          (u) => u.location === unit.location && u.power === unit.power,
        ),
      );
      if (seenSomewhere) continue;
      const phrase = `${standard.powerById(unit.power).name}: ${UNIT_WORDS[unit.type]} ${standard.map.province(unit.location.slice(0, 3) as never)!.name}`;
      if (text.includes(phrase)) problems.push(`an unseen unit: ${phrase}`);
    }
    void seen;
  }
  const allowedCentres = new Set(sights.flatMap((s) => s.centres));
  for (const power of standard.powers) {
    if (power.id === reader) continue;
    if (new RegExp(`^${power.name}: +\\d+ Supply center`, 'm').test(text)) problems.push(`${power.name}'s counts`);
    const owned = new RegExp(`^${power.name}: +([A-Z][^\\n]*(?:\\n {11}[^\\n]*)*)\\.$`, 'm').exec(text);
    if (!owned) continue;
    for (const name of owned[1]!.split(/,\s*/)) {
      const centre = standard.map.lookup(name.trim());
      if (centre && standard.map.province(centre)?.supplyCenter && !allowedCentres.has(centre)) problems.push(`${power.name} owns ${name.trim()}`);
    }
  }
  return problems;
}

/** Checks every mail of every step against its reader's view; returns how many mails were checked per reader kind. */
function checkOutbox(store: InMemoryJudgeStore, steps: readonly Step[], addressOf: ReadonlyMap<string, PowerId>, rules: string) {
  const sightRules = sightRulesOf([rules])!;
  const outbox = store.outbox();
  const checked = { power: 0, observer: 0, stranger: 0, pictures: 0 };
  const problems: string[] = [];
  steps.forEach((step, index) => {
    const end = steps[index + 1]?.from ?? outbox.length;
    for (const [mail, to] of outbox.slice(step.from, end).flatMap((m) => m.to.map((address) => [m, address] as const))) {
      const reader = readerOf(to, addressOf);
      if (reader === 'master') continue;
      const power = reader === 'observer' || reader === 'stranger' ? null : reader;
      const sights = step.positions.map((p) =>
        power === null ? { power: null, provinces: [], armies: [], fleets: [], centres: [] } : sightOf(standard, p, power, sightRules),
      );
      for (const problem of leaks(mail.body, power, step.positions, sights)) problems.push(`${mail.subject} to ${reader}: ${problem}`);
      if (power === null && /^(Austria|England|France|Germany|Italy|Russia|Turkey): (Army|Fleet) /m.test(mail.body))
        problems.push(`${mail.subject} to ${reader}: a unit`);
      for (const attachment of mail.attachments ?? []) {
        const svg = (attachment.draw && queuedDrawing(attachment.draw)?.svg) ?? Buffer.from(attachment.content, 'base64').toString('utf8');
        // Each unit is drawn with its power's initial: as many as the reader sees in the picture's position.
        const drawn = [...svg.matchAll(/font-size="6\.2"[^>]*>([A-Z])<\/text>/g)].map((m) => m[1]);
        const pictured = step.positions[0]!;
        const shown = power === null ? { units: [], dislodged: [] } : sightedPosition(pictured, sights[0]!);
        expect(drawn.length, `${mail.subject} to ${reader}: units drawn`).toBe(shown.units.length + shown.dislodged.length);
        checked.pictures++;
      }
      checked[reader === 'observer' ? 'observer' : reader === 'stranger' ? 'stranger' : 'power']++;
    }
  });
  expect(problems).toEqual([]);
  return checked;
}

async function playToSecondYear(rules: string) {
  const rig = await blindGame(rules);
  const seats = await rig.store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const addressOf = new Map(seats.filter((s) => s.role === 'power').map((s) => [s.address, s.power as PowerId]));
  for (const orders of [OPENINGS, FALL]) {
    for (const power of POWERS) await rig.step(() => rig.game.as(power, orders[power] ?? ''));
    await rig.step(() => rig.master('PROCESS!'));
  }
  // Winter (and any retreats) with the civil-disorder defaults, to Spring 1902.
  while ((await rig.positionNow()).position.phase !== 'S1902M') await rig.step(() => rig.master('PROCESS!'));
  // What anyone may ask for: LIST, SUMMARY, HISTORY and MAP, by mail.
  await rig.step(() => rig.stranger('LIST demo\nSUMMARY demo\nHISTORY demo\nMAP demo'));
  return { ...rig, addressOf };
}

describe('blind and fog games by mail, each reader its own view', () => {
  it('accepts CREATE … blind and refuses the modifiers this judge cannot honour', async () => {
    const store = new InMemoryJudgeStore();
    const { Judge } = await import('../../src/judge/judge.ts');
    const judge = new Judge(
      store,
      HARNESS_JUDGE,
      () => 0.3,
      () => NOW,
    );
    await judge.receive(inboundMail('gm@players.example', 'CREATE bl masterpw standard blind\nRULES OWN_SCS_SEE\nRULES MYOPIC'));
    const reply = store.outbox().at(-1)!.body;
    expect(reply).toMatch(/RULE MYOPIC is refused: MYOPIC is not available on this judge/);
    await judge.receive(inboundMail('gm@players.example', 'CREATE bl masterpw standard blind\nRULES OWN_SCS_SEE'));
    const game = await store.transaction(async (tx) => tx.findGame(gameName('bl')));
    expect(game?.rules).toEqual(expect.arrayContaining(['BLIND', 'OWN_SCS_SEE']));
  });

  for (const rules of ['BLIND', 'FOG']) {
    it(`plays a ${rules} game to 1902 without a mail, picture or page showing more than its reader sees`, async () => {
      const rig = await playToSecondYear(rules);
      expect((await rig.positionNow()).position.phase).toBe('S1902M');
      const checked = checkOutbox(rig.store, rig.steps, rig.addressOf, rules);
      expect(checked.power).toBeGreaterThan(30);
      expect(checked.observer).toBeGreaterThanOrEqual(3);
      expect(checked.stranger).toBeGreaterThanOrEqual(1);
      expect(checked.pictures).toBeGreaterThan(20);
      // France's own results are marked and show its own centres and counts.
      const france = [...rig.addressOf].find(([, p]) => p === 'FRANCE')![0];
      const fallResults = rig.store.outbox().find((m) => m.to.some((to) => to === france) && m.subject.includes('F1901M') && m.kind === 'results')!;
      expect(fallResults.body).toContain('Blind game: this copy shows what France can see.');
      expect(fallResults.body).toMatch(/^France: +\d+ Supply centers?, +\d+ Units?:/m);
      // The Master sees the whole board.
      const masterResults = rig.store
        .outbox()
        .find((m) => m.to.some((to) => to === 'gm@players.example') && m.subject.includes('F1901M') && m.kind === 'results')!;
      expect(masterResults.body).toMatch(/^Turkey: +\d+ Supply centers/m);
      // The public site shows no position, results or centre history while the game is played.
      const site = publicSite(rig.store);
      const page = (await site.game('demo', NOW))!;
      expect(page.powers.flatMap((p) => [...p.units, ...p.centres])).toEqual([]);
      expect(page.unownedCentres).toEqual([]);
      expect(page.results).toEqual([]);
      expect(page.centreHistory.rows).toEqual([]);
      expect((await site.phase('demo', 'S1901M'))!.resultsText).toBeNull();
      expect((await site.map('demo', 'S1901M'))!).not.toMatch(/font-size="6\.2"[^>]*>[A-Z]<\/text>/);
      // The end of the game reveals every phase.
      await rig.master('TERMINATE');
      expect((await site.phase('demo', 'S1901M'))!.resultsText).toMatch(/Turkey: Army Constantinople -> Bulgaria\./);
    });
  }

  it('judges an order about a unit out of sight against the board without telling what is there (FICTIONAL_OK)', async () => {
    const rig = await blindGame('BLIND');
    const seats = await rig.store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
    const france = seats.find((s) => s.power === 'FRANCE')!.address;
    const before = rig.store.outbox().length;
    // Venice holds an Italian army France cannot see; Tuscany is empty; Munich holds a German army.
    await rig.game.as('FRANCE', 'A Mar S F Ven-Pie\nA Par S A Tus-Pie\nF Bre H');
    const accepted = rig.store
      .outbox()
      .slice(before)
      .find((m) => m.to.some((to) => to === france))!.body;
    expect(accepted).toMatch(/These orders name units you cannot see/);
    expect(accepted).not.toMatch(/Venice is an? |no unit in Tuscany|Italian/);
    await rig.game.as('FRANCE', 'A Mun-Ruh\nA Par H\nA Mar H\nF Bre H');
    const refused = rig.store
      .outbox()
      .slice(before)
      .filter((m) => m.to.some((to) => to === france))
      .at(-1)!.body;
    expect(refused).toMatch(/France has no unit in Munich/);
    expect(refused).not.toMatch(/Germany|German/);
  });
});
