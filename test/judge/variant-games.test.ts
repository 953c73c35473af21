import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadVariant, variantNames } from '../../src/catalog/variant-catalog.ts';
import { adjustmentsDue, buildableCenters } from '../../src/engine/adjustment.ts';
import { provinceOf } from '../../src/engine/map.ts';
import { parsePhaseId } from '../../src/engine/phase.ts';
import type { Position, PowerId } from '../../src/engine/types.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { MailJudge } from '../../src/mail/mail-judge.ts';
import type { Database } from '../../src/store/index.ts';
import { createJudgeStore } from '../../src/store/judge-store.ts';
import { databaseBackend, type TestDatabase } from '../support/databases.ts';
import { seeded } from '../support/random-play.ts';
import { runDueGameEvents, TEST_JUDGE } from './game-fixture.ts';
import { eml } from './mail-builder.ts';

// A first game year of a variant played only by mail on PGlite: CREATE with the variant, LIST
// VARIANTS, one JOIN per power, then every phase up to and through the first adjustments with
// random legal orders written as players write them (signing on by the power's initial, digits
// included), each answered without error and followed by results to every player.
// The suite plays a representative few; DIPJUDGE_ALL_VARIANTS=1 (npm run play:variants:mail)
// plays every variant, DIPJUDGE_VARIANTS=1897,1898 the ones named.

const ALL = process.env.DIPJUDGE_ALL_VARIANTS === '1';
const VARIANTS = ALL ? variantNames() : process.env.DIPJUDGE_VARIANTS ? process.env.DIPJUDGE_VARIANTS.split(',') : ['hundred', 'ancmed', 'france-austria'];
const GM = 'gm@players.example';

interface Mail {
  readonly kind: string;
  readonly to_addresses: string[];
  readonly subject: string;
  readonly body: string;
}

function ordersFor(variant: Variant, position: Position, power: PowerId, random: () => number): string[] {
  const phase = parsePhaseId(position.phase)!;
  const map = variant.forPhase(phase).map;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const own = position.units.filter((u) => u.power === power);
  if (phase.type === 'movement') {
    return own.map((u) => {
      const moves = map.movesFrom(u.type, u.location);
      return moves.length > 0 && random() < 0.7 ? `${u.type} ${u.location} - ${pick(moves)}` : `${u.type} ${u.location} H`;
    });
  }
  if (phase.type === 'retreat') {
    return position.dislodged
      .filter((u) => u.power === power)
      .map((u) => (u.retreats.length > 0 ? `${u.type} ${u.location} - ${pick(u.retreats)}` : `${u.type} ${u.location} disband`));
  }
  const due = adjustmentsDue(variant, position, power);
  if (due < 0) return own.slice(0, -due).map((u) => `Remove ${u.type} ${u.location}`);
  const sites = [...buildableCenters(variant, position, power)];
  const lines: string[] = [];
  for (let k = 0; k < due; k++) {
    if (sites.length === 0) {
      lines.push('Waive');
      continue;
    }
    const site = sites.splice(Math.floor(random() * sites.length), 1)[0]!;
    const province = map.province(site)!;
    const fleet = province.terrain !== 'land' && random() < 0.5;
    lines.push(`Build ${fleet ? 'F' : 'A'} ${fleet ? pick(map.locationsOf(province)) : site}`);
  }
  return lines;
}

function owesOrders(variant: Variant, position: Position, power: PowerId): boolean {
  const phase = parsePhaseId(position.phase)!;
  if (phase.type === 'movement') return position.units.some((u) => u.power === power);
  if (phase.type === 'retreat') return position.dislodged.some((u) => u.power === power);
  return adjustmentsDue(variant, position, power) !== 0;
}

async function playFirstYear(db: Kysely<Database>, name: string): Promise<string[]> {
  const variant = loadVariant(name);
  const now = new Date('2026-03-02T09:00:00Z');
  const judge = new MailJudge(
    createJudgeStore(db, { messageIdDomain: 'judge.example' }),
    TEST_JUDGE,
    () => 0.3,
    () => now,
  );
  let seen = 0;
  const mailsSince = async (): Promise<Mail[]> => {
    const rows = await db.selectFrom('outbox').select(['kind', 'to_addresses', 'subject', 'body']).orderBy('id').execute();
    const fresh = rows.slice(seen);
    seen = rows.length;
    return fresh as Mail[];
  };
  const send = async (from: string, body: string) => {
    await judge.receive(eml({ from }, body));
    return mailsSince();
  };
  const replyTo = (mails: Mail[], address: string) => mails.find((m) => m.kind === 'reply' && m.to_addresses.includes(address))?.body ?? '';
  const game = () => db.selectFrom('games').selectAll().where('name', '=', 'demo').executeTakeFirstOrThrow();

  let mails = await send(GM, `LIST VARIANTS\n`);
  expect(replyTo(mails, GM)).toContain(
    `${variant.name}: ${variant.title}, ${variant.powers.length} powers, ${variant.supplyCenters().length} centres, ${variant.victoryCenters} to win.`,
  );
  mails = await send(GM, `CREATE demo gmpass ${name}\nTIMING MIN 0 DELAY 0\nFORM`);
  expect(replyTo(mails, GM)).toContain(`Game 'demo' (${variant.title}) has been created`);

  const players = variant.powers.map((_, i) => ({ address: `p${i + 1}@players.example`, password: `pw${i + 1}` }));
  for (const player of players) {
    mails = await send(player.address, `JOIN demo ${player.password}`);
    expect(replyTo(mails, player.address)).toMatch(/You have joined game 'demo'/);
  }
  const start = variant.startingPosition();
  expect(await game()).toMatchObject({ status: 'active', current_phase: start.phase });
  const notices = mails.filter((m) => m.kind === 'notice' && /You have been selected as/.test(m.body));
  expect(notices).toHaveLength(players.length + 1);
  const seats = await db.selectFrom('seats').select(['power', 'address']).where('role', '=', 'power').execute();
  expect(new Set(seats.map((s) => s.power)).size).toBe(variant.powers.length);
  const holder = new Map(seats.map((s) => [s.power!, players.find((p) => p.address === s.address)!]));

  const random = seeded(name.length * 7919 + 17);
  const played: string[] = [];
  let sawAdjustment = false;
  let sawMovement = false;
  for (let guard = 0; guard < 12 && !(sawAdjustment && sawMovement); guard++) {
    const g = await game();
    const row = await db.selectFrom('phases').select('position').where('game_id', '=', g.id).where('phase_id', '=', g.current_phase!).executeTakeFirstOrThrow();
    const position = row.position as Position;
    const phase = parsePhaseId(position.phase)!;
    for (const power of variant.powers) {
      if (!owesOrders(variant, position, power.id)) continue;
      const lines = ordersFor(variant, position, power.id, random);
      const { address, password } = holder.get(power.id)!;
      mails = await send(address, `SIGNON ${power.initial}demo ${password}\n${lines.join('\n')}\n`);
      const reply = replyTo(mails, address);
      expect(reply, `${name} ${position.phase} ${power.id}:\n${lines.join('\n')}\n${reply}`).not.toMatch(/nothing in it was done|not understood|Line \d+:/);
      if ((await game()).current_phase !== position.phase) break;
    }
    await runDueGameEvents(db, now);
    const after = await game();
    expect(after.current_phase, `${name}: ${position.phase} was not processed`).not.toBe(position.phase);
    const results = mails.filter((m) => m.kind === 'results');
    expect(results.length, `${name} ${position.phase}: results mails`).toBeGreaterThan(0);
    expect(new Set(results.flatMap((m) => m.to_addresses))).toEqual(new Set([GM, ...players.map((p) => p.address)]));
    expect(results[0]!.body).toContain(`for ${variant.seasonName(phase)} of ${phase.year}.`);
    played.push(position.phase);
    if (phase.type === 'adjustment') sawAdjustment = true;
    if (phase.type === 'movement') sawMovement = true;
    const units = (
      await db.selectFrom('phases').select('position').where('game_id', '=', after.id).where('phase_id', '=', after.current_phase!).executeTakeFirstOrThrow()
    ).position as Position;
    expect(new Set(units.units.map((u) => provinceOf(u.location))).size).toBe(units.units.length);
  }
  // A variant reaches its adjustments only when some power gains or loses a unit's worth: in pure every
  // province is a centre, so random play may go on for years without one; then a year of moves is enough.
  expect(sawMovement && (sawAdjustment || played.length === 12), `${name} played ${played.join(' ')}`).toBe(true);

  mails = await send(GM, 'SUMMARY demo\n');
  for (const line of replyTo(mails, GM).split('\n')) expect(line.length).toBeLessThanOrEqual(76);
  return played;
}

describe(`a first year by mail of ${ALL ? 'every variant' : 'a few variants'} [pglite]`, () => {
  let database: TestDatabase | null = null;
  beforeAll(async () => {
    database = await databaseBackend('pglite').open();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(() => database!.reset());

  it("creates a game of a variant in DPjudge's and njudge's forms and refuses an unknown one by name", async () => {
    const db = database!.store.db;
    const judge = new MailJudge(
      createJudgeStore(db, { messageIdDomain: 'judge.example' }),
      TEST_JUDGE,
      () => 0.3,
      () => new Date('2026-03-02T09:00:00Z'),
    );
    const reply = async (body: string) => {
      await judge.receive(eml({ from: GM }, body));
      return (await db.selectFrom('outbox').select('body').where('kind', '=', 'reply').orderBy('id', 'desc').executeTakeFirstOrThrow()).body;
    };
    expect(await reply('CREATE one gmpass\nMAP ancmed\n')).toContain("Game 'one' (Ancient Mediterranean) has been created");
    expect(await reply('CREATE ?two gmpass youngstown\n')).toContain("Game 'two' (Youngstown) has been created");
    expect(await reply('CREATE three gmpass zeus\n')).toMatch(/Unknown variant "zeus"; this judge has: .*ancmed.*youngstown/);
    const games = await db.selectFrom('games').select(['name', 'variant']).orderBy('name').execute();
    expect(games).toEqual([
      { name: 'one', variant: 'ancmed' },
      { name: 'two', variant: 'youngstown' },
    ]);
  });

  it.each(VARIANTS)('%s: CREATE, JOINs, orders, results and builds', { timeout: 180_000 }, async (name) => {
    const played = await playFirstYear(database!.store.db, name);
    expect(played.length).toBeGreaterThan(1);
  });
});
