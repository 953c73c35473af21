import { awaitingApproval } from '../master/approval.ts';
import { loadVariant, variantNamed } from '../../catalog/variant-catalog.ts';
import type { RoleRef, SessionOpener } from '../../commands/index.ts';
import type { Variant } from '../../engine/variant.ts';
import type { PowerId } from '../../engine/types.ts';
import {
  noticeTitle,
  renderDummiesNote,
  renderEnterReply,
  renderGameStart,
  renderMasterNotice,
  renderSeatNotice,
  withMapperHeader,
  type SeatAssignment,
} from '../../render/index.ts';
import { gameHeader } from '../reports/game-header.ts';
import { BlockError, everyone, newPlayerSignon, type BlockContext, type GameSession, type PrecheckedPassword } from '../context.ts';
import { subjectFor } from '../../render/subjects.ts';
import { renderSessionRefusal } from '../../render/session-refusals.ts';
import type { GateAction } from '../../render/signon-gates.ts';
import { deadlineText, noticeToAll, scheduleDeadline } from '../clock/deadlines.ts';
import { countGameStart, countTakeover } from './dedication.ts';
import { awaitReplacements, resumeAfterTakeover } from '../diplomacy/game-events.ts';
import { hasRule, TAKEOVER_STATUSES, type Game, type GameName, type MailAddress } from '../model.ts';
import { hashPassword, verifyPassword } from '../passwords/passwords.ts';
import { guardedCheck, requireNewPassword } from '../passwords/password-checks.ts';
import type { PasswordGuard } from '../passwords/password-guard.ts';
import type { GamePorts, GamesPort, JobsPort, NoticePorts, SeatRecord } from '../ports.ts';
import { noGameNamed } from '../reports/game-names.ts';
import { requireSignonGates } from './signon-gates.ts';
import { mastersOf, masterSeatFor, stepDown } from '../master/masters.ts';
import { shownAddress, viewOf, type ReaderView } from '../visibility/policy.ts';
import { readerOfSeat } from '../visibility/reader.ts';

// The first line of a block says who the sender is in which game: JOIN and OBSERVE add a seat,
// SIGNON proves a seat's password, RESIGN leaves one and TAKEOVER fills a vacated one.

/** Verified when no seat matches, so that a wrong name takes as long as a wrong password. */
const NO_SEAT_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';

export async function enterGame(ctx: BlockContext<GamePorts>, opener: SessionOpener): Promise<GameSession | null> {
  // scrypt takes tens of milliseconds: the password is checked before the game's row lock is
  // taken, so mails to one game do not queue behind each other's hashing. A group of mails
  // started every check of the group at once (startPasswordChecks).
  const prechecked =
    ctx.passwordChecks?.get(opener) ?? (await startPasswordCheck(readSeats(ctx.tx), opener, ctx.sender, ctx.passwordGuard?.locks(ctx.sender, ctx.now)));
  const game = await ctx.tx.findGame(opener.game, { forUpdate: true });
  if (!game) throw await noGameNamed(ctx.tx, opener.game, opener.line);
  if (game.status === 'terminated' && !namesMaster(opener))
    throw new BlockError(opener.line, renderSessionRefusal({ kind: 'game-terminated', gameName: game.name }));
  const variant = loadVariant(game.variant);
  const seats = await ctx.tx.seats(game.id);
  ctx.touchedGames.add(game.id);
  switch (opener.kind) {
    case 'join':
      return join(ctx, game, variant, seats, opener);
    case 'observe':
      return observe(ctx, game, variant, seats, opener);
    case 'signon': {
      if (opener.role.kind === 'newcomer' && !seatFor(variant, seats, opener.role, ctx.sender)) return joinAsNewcomer(ctx, game, variant, seats, opener);
      const seat = await authenticateGuarded(ctx, variant, seats, opener, opener.role, prechecked);
      if (!seat) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'bad-signon' }));
      if (game.status === 'terminated' && seat.role !== 'master')
        throw new BlockError(opener.line, renderSessionRefusal({ kind: 'game-terminated', gameName: game.name }));
      return { game, variant, seat, seats };
    }
    case 'resign':
      await resign(ctx, game, variant, seats, opener, prechecked);
      return null;
    case 'takeover':
      return takeover(ctx, game, variant, seats, opener, prechecked);
  }
}

/**
 * njudge's SIGN ON ?game password from someone not yet in the game: joins it while it is forming
 * (as JOIN game password). Options after the password must name the game's variant, as njudge
 * checks that they match; in a private game the one word that does not is its privacy word (JOIN's
 * third word), so the njudge form enters private games too.
 */
async function joinAsNewcomer(
  ctx: BlockContext<GamePorts>,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  opener: Extract<SessionOpener, { kind: 'signon' }>,
): Promise<GameSession> {
  if (game.status !== 'forming') {
    throw new BlockError(
      opener.line,
      renderSessionRefusal({ kind: 'signon-not-forming', gameName: game.name, status: game.status, initial: variant.powers[0]!.initial }),
    );
  }
  const others = opener.joinOptions.filter((word) => variantNamed(word) !== game.variant.toLowerCase() && word.toLowerCase() !== variant.title.toLowerCase());
  const privacy = others.length === 1 && (await ctx.tx.privateWordHash(game.id)) !== null ? others[0]! : null;
  if (privacy === null && others.length > 0)
    throw new BlockError(
      opener.line,
      renderSessionRefusal({ kind: 'variant-mismatch', gameName: game.name, variantTitle: variant.title, written: others[0]! }),
    );
  return join(ctx, game, variant, seats, {
    kind: 'join',
    line: opener.line,
    redactedText: opener.redactedText,
    game: opener.game,
    power: null,
    password: opener.password,
    privacy,
  });
}

/**
 * Whether the opener is the Master's own SIGNON, the only way into a terminated game: it is over
 * for its players, but its Master may still UNEND it, REVEAL its players or read it (DPjudge keeps
 * a finished game's Master in charge of it).
 */
function namesMaster(opener: SessionOpener): boolean {
  return opener.kind === 'signon' && isMasterRole(opener.role);
}

function isMasterRole(role: RoleRef): boolean {
  return role.kind === 'master' || (role.kind === 'named' && role.name.toLowerCase() === 'master');
}

/** The seat whose password the opener proves, as a role, or null when it proves none. */
function provenRole(opener: SessionOpener): RoleRef | null {
  switch (opener.kind) {
    case 'signon':
    case 'resign':
      return opener.role;
    case 'takeover':
      return isMasterRole(opener.role) ? { kind: 'master' } : null;
    default:
      return null;
  }
}

/** A game and its seats as read for password checks (null: no such game). */
type SeatsOf = (gameName: GameName) => Promise<{ readonly game: Game; readonly seats: readonly SeatRecord[] } | null>;

function readSeats(tx: Pick<GamesPort, 'findGame' | 'seats'>): SeatsOf {
  return async (gameName) => {
    const game = await tx.findGame(gameName);
    return game && { game, seats: await tx.seats(game.id) };
  };
}

/** Reads the seat the opener's password is for and starts checking it, without waiting for scrypt. */
async function startPasswordCheck(
  seatsOf: SeatsOf,
  opener: SessionOpener,
  sender: MailAddress,
  locked: ((seat: SeatRecord | undefined) => boolean) | undefined,
): Promise<PrecheckedPassword | null> {
  const role = provenRole(opener);
  if (role === null) return null;
  const found = await seatsOf(opener.game);
  if (!found) return null;
  const seat = seatFor(loadVariant(found.game.variant), found.seats, role, sender);
  // A locked seat or sender gets no scrypt at all: the opener is refused unchecked (guardedCheck).
  if (locked?.(seat)) return null;
  const passwordHash = seat?.passwordHash ?? null;
  const matches = verifyPassword(opener.password, passwordHash ?? NO_SEAT_HASH);
  // The block may end before it asks (an earlier error, a failed group): never an unheard rejection.
  matches.catch(() => undefined);
  return { seatId: seat?.id ?? null, passwordHash, matches };
}

/**
 * Starts the password checks of several mails' openers at once, so their scrypt runs in
 * parallel with each other and with the mails ahead of them; a game's seats are read once for
 * all its openers. Each result is only a guess checked under the row lock (authenticate): a
 * mail handled earlier may change the seat.
 */
export async function startPasswordChecks(
  tx: Pick<GamesPort, 'findGame' | 'seats'>,
  openers: readonly { readonly opener: SessionOpener; readonly sender: MailAddress }[],
  guard: PasswordGuard,
  now: Date,
): Promise<Map<SessionOpener, PrecheckedPassword>> {
  const read = readSeats(tx);
  const games = new Map<GameName, ReturnType<SeatsOf>>();
  const seatsOf: SeatsOf = (gameName) => {
    if (!games.has(gameName)) games.set(gameName, read(gameName));
    return games.get(gameName)!;
  };
  const checks = new Map<SessionOpener, PrecheckedPassword>();
  for (const { opener, sender } of openers) {
    const check = await startPasswordCheck(seatsOf, opener, sender, guard.locks(sender, now));
    if (check !== null) checks.set(opener, check);
  }
  return checks;
}

function seatFor(variant: Variant, seats: readonly SeatRecord[], role: RoleRef, sender: MailAddress): SeatRecord | undefined {
  switch (role.kind) {
    case 'master':
      return masterSeatFor(seats, sender);
    case 'initial': {
      const power = variant.powers.find((p) => p.initial === role.initial.toUpperCase());
      return power ? seats.find((s) => s.role === 'power' && s.power === power.id) : undefined;
    }
    case 'seat': {
      // A digit is a pre-start seat number, or, once powers are assigned, a power's initial (chaos).
      const power = variant.powers.find((p) => p.initial === String(role.number));
      const holder = power ? seats.find((s) => s.role === 'power' && s.power === power.id) : undefined;
      return holder ?? seats.filter((s) => s.role === 'power')[role.number - 1];
    }
    case 'observer':
      return seats.find((s) => (s.role === 'observer' || s.role === 'monitor') && s.address === sender);
    case 'named': {
      if (role.name.toLowerCase() === 'master') return masterSeatFor(seats, sender);
      const power = variant.power(role.name);
      if (power) return seats.find((s) => s.role === 'power' && s.power === power.id);
      return seats.find((s) => s.name === role.name.toLowerCase());
    }
    case 'newcomer':
    case 'next-forming':
      // njudge's SIGN ON ?game password (SIGN ON ? is named as that before the game is opened): the sender's own seat if they already joined.
      return seats.find((s) => s.role === 'power' && s.address === sender && s.status !== 'resigned');
  }
}

/** authenticate under the password guard (password-guard.ts): refused unchecked while locked, a wrong password counted. */
function authenticateGuarded(
  ctx: BlockContext<unknown>,
  variant: Variant,
  seats: readonly SeatRecord[],
  opener: Extract<SessionOpener, { kind: 'signon' | 'resign' | 'takeover' }>,
  role: RoleRef,
  prechecked: PrecheckedPassword | null,
): Promise<SeatRecord | null> {
  return guardedCheck(ctx, seatFor(variant, seats, role, ctx.sender), opener.line, () =>
    authenticate(variant, seats, role, opener.password, ctx.sender, prechecked),
  );
}

/**
 * The seat the role names, if the password is its own. A check made before the lock stands only
 * if the seat and its password hash are still what they were; otherwise (a SET PASSWORD, a
 * takeover or a rename committed in between) the password is checked again, under the lock.
 */
async function authenticate(
  variant: Variant,
  seats: readonly SeatRecord[],
  role: RoleRef,
  password: string,
  sender: MailAddress,
  prechecked: PrecheckedPassword | null,
): Promise<SeatRecord | null> {
  const seat = seatFor(variant, seats, role, sender);
  const passwordHash = seat?.passwordHash ?? null;
  const unchanged = prechecked !== null && prechecked.seatId === (seat?.id ?? null) && prechecked.passwordHash === passwordHash;
  const ok = unchanged ? await prechecked.matches : await verifyPassword(password, passwordHash ?? NO_SEAT_HASH);
  if (seat && ok) return seat;
  // Writing from an address no Master seat has, a co-Master (PROMOTE) is known by their own password.
  if (seat?.role === 'master' && seat.address !== sender) {
    for (const other of mastersOf(seats)) if (other.id !== seat.id && (await verifyPassword(password, other.passwordHash ?? NO_SEAT_HASH))) return other;
  }
  return null;
}

async function checkPrivacy(game: Game, privacy: string | null, line: number, hash: string | null): Promise<void> {
  if (hash === null) return;
  if (privacy === null || !(await verifyPassword(privacy, hash)))
    throw new BlockError(line, renderSessionRefusal({ kind: 'game-private', gameName: game.name }));
}

async function join(
  ctx: BlockContext<GamePorts>,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  opener: Extract<SessionOpener, { kind: 'join' }>,
): Promise<GameSession> {
  if (game.status !== 'forming')
    throw new BlockError(opener.line, renderSessionRefusal({ kind: 'not-taking-players', gameName: game.name, status: game.status }));
  await checkPrivacy(game, opener.privacy, opener.line, await ctx.tx.privateWordHash(game.id));
  if (seats.some((s) => s.address === ctx.sender)) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'already-in-game', gameName: game.name }));
  requireNewPassword(ctx, opener.password, opener.line);
  requireAccess(game, ctx.sender, opener.line, 'join');
  await requireSignonGates(ctx, game, opener.line, 'join');
  let power: PowerId | null = null;
  if (opener.power !== null) {
    if (!hasRule(game, 'POWER_CHOICE')) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'powers-at-random', gameName: game.name }));
    const chosen = variant.power(opener.power);
    if (!chosen)
      throw new BlockError(
        opener.line,
        renderSessionRefusal({ kind: 'not-a-power-in-variant', written: opener.power, variantTitle: variant.title, powers: variant.powers.map((p) => p.name) }),
      );
    if (seats.some((s) => s.power === chosen.id)) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'power-taken', power: chosen.name }));
    power = chosen.id;
  }
  const seat = await ctx.tx.addSeat({
    gameId: game.id,
    role: 'power',
    power,
    address: ctx.sender,
    passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
  });
  const players = seats.filter((s) => s.role === 'power').length + 1;
  ctx.reply.push(
    renderEnterReply({ kind: 'joined', gameName: game.name, power: power ? variant.powerById(power).name : null, players, powers: variant.powers.length }),
  );
  const all = [...seats, seat];
  if (players === variant.powers.length && hasRule(game, 'START_MASTER')) {
    // njudge's MANUAL START (DPjudge's START_MASTER): a full game waits for the Master's ACTIVATE.
    ctx.reply.push(renderEnterReply({ kind: 'full-awaits-master', gameName: game.name }));
    await noticeToAll(
      ctx.tx,
      ctx.config,
      game,
      seats.filter((s) => s.role === 'master'),
      noticeTitle('game-full'),
      () => renderMasterNotice({ kind: 'game-full', gameName: game.name }),
    );
    return { game, variant, seat, seats: all };
  }
  if (players === variant.powers.length)
    return { game: await startGame(ctx, game, variant, all, { by: 'last-join' }), variant, seat, seats: await ctx.tx.seats(game.id) };
  return { game, variant, seat, seats: all };
}

/** njudge's ALLOW PLAYER / DENY PLAYER: who may join the game or take over a power in it. */
export function requireAccess(game: Game, address: MailAddress, line: number, action: GateAction): void {
  const allow = game.options?.allow ?? [];
  const deny = game.options?.deny ?? [];
  if (deny.includes(address) || (allow.length > 0 && !allow.includes(address)))
    throw new BlockError(line, renderSessionRefusal({ kind: 'access-denied', gameName: game.name, action }));
}

/**
 * Who starts the game: the JOIN that filled it, or the Master's ACTIVATE, which starts it with
 * the players it has and leaves the powers nobody took to dummies held by the Master.
 */
export type GameStarter = { readonly by: 'last-join' } | { readonly by: 'master'; readonly master: SeatRecord };

/** Assigns the powers not chosen at random, stores the starting position and tells everyone. */
export async function startGame(ctx: BlockContext<GamePorts>, game: Game, variant: Variant, seats: readonly SeatRecord[], starter: GameStarter): Promise<Game> {
  const taken = new Set(seats.map((s) => s.power).filter((p): p is PowerId => p !== null));
  const free = variant.powers.map((p) => p.id).filter((p) => !taken.has(p));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(ctx.random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  // njudge's SET PREFERENCE: players, in random order, take the first of their wanted powers still
  // free; everyone else gets one of the rest at random.
  // (Without any preference the draw is exactly as before: no shuffle of the players.)
  const unassigned = seats.filter((s) => s.role === 'power' && s.power === null && (s.preferences ?? []).length > 0);
  for (let i = unassigned.length - 1; i > 0; i--) {
    const j = Math.floor(ctx.random() * (i + 1));
    [unassigned[i], unassigned[j]] = [unassigned[j]!, unassigned[i]!];
  }
  const given = new Map<number, PowerId>();
  for (const seat of unassigned) {
    const wanted = (seat.preferences ?? []).find((power) => free.includes(power));
    if (wanted === undefined) continue;
    given.set(seat.id, wanted);
    free.splice(free.indexOf(wanted), 1);
  }
  for (const seat of seats) if (seat.role === 'power' && seat.power === null) await ctx.tx.updateSeat(seat.id, { power: given.get(seat.id) ?? free.pop()! });
  const dummyHolder = starter.by === 'master' ? starter.master : null;
  const dummies = dummyHolder ? variant.powers.filter((p) => free.includes(p.id)) : [];
  for (const power of dummies) {
    const seat = await ctx.tx.addSeat({ gameId: game.id, role: 'power', power: power.id, address: dummyHolder!.address, passwordHash: null });
    await ctx.tx.updateSeat(seat.id, { status: 'dummy' });
  }
  const position = variant.startingPosition();
  await ctx.tx.savePhase(game.id, { phaseId: position.phase, seq: 0, position });
  // njudge's APPROVAL set before the start: every player waits for the Master's approval.
  const approval = awaitingApproval(
    game,
    (await ctx.tx.seats(game.id)).filter((s) => s.role === 'power' && s.status !== 'dummy').map((s) => s.power!),
  );
  await ctx.tx.updateGame(game.id, { status: 'active', currentPhase: position.phase, ...(approval ? { options: approval } : {}) });
  const schedule = await scheduleDeadline(ctx.tx, game, position.phase, ctx.now, null);
  const deadline = deadlineText(game, schedule?.deadline ?? null);
  const final = await ctx.tx.seats(game.id);
  await countGameStart(ctx.tx, final);
  // Dummies are held by the Master, who gets the Master's copy only.
  const played = final.filter((s) => s.role === 'power' && s.status !== 'dummy');
  const ordered = [...final.filter((s) => s.role === 'master'), ...variant.powers.map((p) => played.find((s) => s.power === p.id)!).filter(Boolean)];
  // Each copy lists everyone with the addresses its reader's view shows (a player their own and the Master's).
  const assignmentsFor = (view: ReaderView): SeatAssignment[] =>
    ordered.map((s) => ({ seat: s.role === 'master' ? 'MASTER' : s.power!, address: shownAddress(view, s) }));
  const dummyNotice = renderDummiesNote(dummies.map((p) => p.name));
  const started = { ...game, status: 'active' as const };
  // The `::` lines first, as njudge's start mail has them: jDip opens a game from this mail.
  const header = gameHeader(ctx.config, game, variant, position.phase, schedule?.deadline ?? null);
  for (const [index, seat] of ordered.entries()) {
    const assignments = assignmentsFor(viewOf(started, readerOfSeat(seat)));
    const body = withMapperHeader(header, renderGameStart({ variant, gameName: game.name, assignments, recipient: index, position, deadline }) + dummyNotice);
    await ctx.tx.enqueueMail({
      to: [seat.address],
      subject: subjectFor(ctx.config, game, position.phase, noticeTitle('game-starting')),
      body,
      gameId: game.id,
      kind: 'notice',
    });
  }
  // Observers and monitors get the starting position too, as an observer's copy.
  const watchers = [...new Set(final.filter((s) => s.role === 'observer' || s.role === 'monitor').map((s) => s.address))];
  if (watchers.length > 0) {
    const body = withMapperHeader(
      header,
      renderGameStart({
        variant,
        gameName: game.name,
        assignments: assignmentsFor(viewOf(started, { kind: 'observer' })),
        recipient: null,
        position,
        deadline,
      }) + dummyNotice,
    );
    for (const address of watchers)
      await ctx.tx.enqueueMail({
        to: [address],
        subject: subjectFor(ctx.config, game, position.phase, noticeTitle('game-starting')),
        body,
        gameId: game.id,
        kind: 'notice',
      });
  }
  ctx.reply.push(
    renderEnterReply(
      starter.by === 'last-join'
        ? { kind: 'started-full', gameName: game.name }
        : { kind: 'started-by-master', gameName: game.name, players: played.length, powers: variant.powers.length, dummies: dummies.map((p) => p.name) },
    ),
  );
  return { ...game, status: 'active', currentPhase: position.phase, deadline: schedule?.deadline ?? null, grace: schedule?.grace ?? null };
}

async function observe(
  ctx: BlockContext<Pick<GamesPort, 'addSeat' | 'privateWordHash'>>,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  opener: Extract<SessionOpener, { kind: 'observe' }>,
): Promise<GameSession> {
  await checkPrivacy(game, opener.privacy, opener.line, await ctx.tx.privateWordHash(game.id));
  const name =
    (opener.name ?? ctx.sender.split('@')[0]!)
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, '')
      .slice(0, 32) || 'observer';
  if (variant.power(name) || name === 'master' || name === 'm' || name === 'o')
    throw new BlockError(opener.line, renderSessionRefusal({ kind: 'observer-name', name }));
  const existing = seats.find((s) => (s.role === 'observer' || s.role === 'monitor') && (s.address === ctx.sender || s.name === name));
  if (existing) {
    const proven = await guardedCheck(ctx, existing, opener.line, async () =>
      existing.address === ctx.sender && (await verifyPassword(opener.password, existing.passwordHash)) ? existing : null,
    );
    if (!proven) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'bad-signon' }));
    ctx.reply.push(
      renderEnterReply({
        kind: 'watching',
        role: existing.role === 'monitor' ? 'monitor' : 'observer',
        gameName: game.name,
        name: existing.name ?? name,
        already: true,
      }),
    );
    return { game, variant, seat: existing, seats };
  }
  requireNewPassword(ctx, opener.password, opener.line);
  const seat = await ctx.tx.addSeat({
    gameId: game.id,
    role: opener.observerKind,
    power: null,
    address: ctx.sender,
    passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
    name,
  });
  ctx.reply.push(renderEnterReply({ kind: 'watching', role: opener.observerKind, gameName: game.name, name, already: false }));
  return { game, variant, seat, seats: [...seats, seat] };
}

async function resign(
  ctx: BlockContext<GamesPort & JobsPort & NoticePorts>,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  opener: Extract<SessionOpener, { kind: 'resign' }>,
  prechecked: PrecheckedPassword | null,
): Promise<void> {
  const seat = await authenticateGuarded(ctx, variant, seats, opener, opener.role, prechecked);
  if (!seat) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'bad-signon' }));
  await resignSeat(ctx, game, variant, seats, seat, opener.line);
}

/**
 * The seat's holder leaves the game: RESIGN Fgame password, or njudge's RESIGN / WITHDRAW after a
 * SIGN ON. Before the game starts (and for observers) the seat is simply removed; a power in play
 * is vacated and the game waits for a replacement.
 */
export async function resignSeat(
  ctx: BlockContext<GamesPort & JobsPort & NoticePorts>,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  seat: SeatRecord,
  line: number,
): Promise<void> {
  if (seat.role === 'master') return stepDown(ctx, game, seats, seat, line);
  if (seat.role !== 'power' || game.status === 'forming') {
    await ctx.tx.removeSeat(seat.id);
    ctx.reply.push(renderEnterReply({ kind: 'left', gameName: game.name }));
    return;
  }
  if (seat.status === 'resigned') throw new BlockError(line, renderSessionRefusal({ kind: 'already-resigned', power: variant.powerById(seat.power!).name }));
  await ctx.tx.updateSeat(seat.id, { status: 'resigned', wait: false });
  await ctx.tx.changeHolder(seat.id, seat.address, 'resigned');
  if (game.status === 'active') await ctx.tx.updateGame(game.id, { status: 'waiting' });
  if (game.status === 'active' || game.status === 'waiting') await awaitReplacements(ctx.tx, game, ctx.now);
  const powerName = variant.powerById(seat.power!).name;
  ctx.reply.push(renderEnterReply({ kind: 'resigned', power: powerName, gameName: game.name }));
  const others = everyone(seats.filter((s) => s.id !== seat.id));
  const notice = renderSeatNotice({ kind: 'vacated', power: powerName, gameName: game.name, how: 'resigned' });
  const title = noticeTitle({ kind: 'resignation', power: powerName });
  if (others.length > 0)
    await ctx.tx.enqueueMail({ to: others, subject: subjectFor(ctx.config, game, game.currentPhase, title), body: notice, gameId: game.id, kind: 'notice' });
  await ctx.tx.archiveNotice({ gameId: game.id, phaseId: game.currentPhase, subject: title, body: notice });
}

async function takeover(
  ctx: BlockContext<GamePorts>,
  game: Game,
  variant: Variant,
  seats: readonly SeatRecord[],
  opener: Extract<SessionOpener, { kind: 'takeover' }>,
  prechecked: PrecheckedPassword | null,
): Promise<GameSession> {
  if (isMasterRole(opener.role)) {
    const master = await authenticateGuarded(ctx, variant, seats, opener, { kind: 'master' }, prechecked);
    if (!master) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'bad-signon' }));
    if (master.address !== ctx.sender && mastersOf(seats).some((s) => s.address === ctx.sender)) {
      throw new BlockError(opener.line, renderSessionRefusal({ kind: 'already-master', gameName: game.name }));
    }
    await ctx.tx.updateSeat(master.id, { address: ctx.sender });
    await ctx.tx.changeHolder(master.id, ctx.sender, 'handed over');
    ctx.reply.push(renderEnterReply({ kind: 'master-taken-over', gameName: game.name }));
    return { game, variant, seat: { ...master, address: ctx.sender }, seats };
  }
  const seat = seatFor(variant, seats, opener.role, ctx.sender);
  if (seat?.role !== 'power') throw new BlockError(opener.line, renderSessionRefusal({ kind: 'no-such-power', gameName: game.name }));
  const powerName = variant.powerById(seat.power!).name;
  if (!TAKEOVER_STATUSES.includes(seat.status)) throw new BlockError(opener.line, renderSessionRefusal({ kind: 'power-being-played', power: powerName }));
  if (seats.some((s) => s.address === ctx.sender && s.id !== seat.id && s.status !== 'resigned'))
    throw new BlockError(opener.line, renderSessionRefusal({ kind: 'already-playing', gameName: game.name }));
  await checkPrivacy(game, opener.privacy, opener.line, await ctx.tx.privateWordHash(game.id));
  // A player coming back to the power they left is not gated: its record is their own doing,
  // and orders from them would take it back anyway (session-commands' reclaimVacatedPower).
  if (seat.address !== ctx.sender) requireAccess(game, ctx.sender, opener.line, 'takeover');
  if (seat.address !== ctx.sender) await requireSignonGates(ctx, game, opener.line, 'takeover');
  requireNewPassword(ctx, opener.password, opener.line);
  await ctx.tx.updateSeat(seat.id, {
    address: ctx.sender,
    passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
    status: 'active',
    wait: false,
  });
  await ctx.tx.changeHolder(seat.id, ctx.sender, 'replaced');
  await countTakeover(ctx.tx, seat.id);
  // njudge's APPROVAL: a new player's orders wait for the Master's approval (one coming back to their own power's do not).
  const approval = seat.address !== ctx.sender ? awaitingApproval(game, [seat.power!]) : null;
  if (approval) await ctx.tx.updateGame(game.id, { options: approval });
  const updated = await ctx.tx.seats(game.id);
  let current = game;
  if (game.status === 'waiting' && !updated.some((s) => s.role === 'power' && (s.status === 'resigned' || s.status === 'abandoned'))) {
    await ctx.tx.updateGame(game.id, { status: 'active' });
    current = { ...game, status: 'active' };
    await resumeAfterTakeover(ctx.tx, current, ctx.now);
  }
  ctx.reply.push(renderEnterReply({ kind: 'power-taken-over', power: powerName, gameName: game.name }));
  const others = everyone(updated.filter((s) => s.id !== seat.id));
  const notice = renderSeatNotice({ kind: 'taken-over', power: powerName, gameName: game.name });
  const signon = newPlayerSignon(variant.powerById(seat.power!));
  if (others.length > 0)
    await ctx.tx.enqueueMail({ to: others, subject: subjectFor(ctx.config, game, game.currentPhase, signon), body: notice, gameId: game.id, kind: 'notice' });
  await ctx.tx.archiveNotice({ gameId: game.id, phaseId: game.currentPhase, subject: signon, body: notice });
  return { game: current, variant, seat: updated.find((s) => s.id === seat.id)!, seats: updated };
}
