import { roleText } from '../../catalog/roleset-catalog.ts';
import {
  renderWerewolfMail,
  renderWerewolfPress,
  renderWerewolfStatus,
  werewolfPressSubject,
  werewolfSubject,
  type PressChannel,
  type WerewolfProblem,
  type WerewolfReply,
} from '../../render/werewolf-mail.ts';
import { subjectFor } from '../../render/subjects.ts';
import { availableActions, seenBy } from '../../werewolf/engine.ts';
import type { NumberedLine } from '../../werewolf/mail-lines.ts';
import { phaseAt } from '../../werewolf/phases.ts';
import type { Effect, GameState } from '../../werewolf/state.ts';
import type { BlockContext, JudgeConfig } from '../context.ts';
import type { Game, MailAddress } from '../model.ts';
import type { GamePorts, JudgeTransaction, SeatRecord } from '../ports.ts';
import { werewolfViewFor } from '../visibility/policy.ts';
import { readerOfSeat } from '../visibility/reader.ts';
import { phaseLabel, roleSetOf, withPost, type WerewolfTable } from './werewolf-state.ts';

// The mail of a werewolf game: the narrator's effects to exactly the readers their audiences name,
// each living player's prompt, STATUS, and the players' press.

export type Sender =
  | { readonly kind: 'master'; readonly seat: SeatRecord }
  | { readonly kind: 'player'; readonly seat: SeatRecord; readonly nick: string }
  | { readonly kind: 'observer'; readonly seat: SeatRecord };

/** What a block works on: the game, its table as it changes, and what is to be mailed once the block is done. */
export interface Work {
  readonly game: Game;
  table: WerewolfTable;
  /** Set by ROLLBACK: the phase it opened again does not end early in the same mail. */
  rolledBack?: boolean;
}

export interface Telling {
  readonly prompt: boolean;
  readonly subject: Parameters<typeof werewolfSubject>[0];
  readonly headline: string | null;
  /** A seat not mailed (the Master who moved the deadline has the reply). */
  readonly except?: number;
}

/**
 * Mails the effects: each reader gets the effects seenBy allows them (the Master, observers and
 * anyone not playing: the public ones alone), and with `prompt` each living player what they may do
 * now. The Master and observers told the same words share one mail; each player gets their own.
 */
export async function tell(tx: GamePorts, config: JudgeConfig, game: Game, table: WerewolfTable, effects: readonly Effect[], how: Telling): Promise<void> {
  const set = roleSetOf(table.settings.roleSet);
  const state = table.game;
  const seats = (await tx.seats(game.id)).filter((s) => s.status !== 'resigned' && s.id !== how.except);
  const bodies = new Map<string, MailAddress[]>();
  const players: { to: MailAddress; body: string }[] = [];
  for (const seat of seats) {
    const nick = seat.role === 'power' ? (table.joined.find((j) => j.seat === seat.id)?.nick ?? null) : null;
    const seen = effects.filter((e) => (nick === null ? e.audience.kind === 'public' : seenBy(e, nick)));
    const alive = nick !== null && state?.players.some((p) => p.name === nick && p.alive) === true;
    const prompting = how.prompt && alive && table.status === 'running';
    if (seen.length === 0 && !prompting && how.headline === null) continue;
    const dealt = seen.find((e) => e.kind === 'role-dealt');
    const options = prompting ? availableActions(set, state!, nick!) : [];
    const body = renderWerewolfMail({
      gameName: game.name,
      effects: seen,
      roleText: dealt?.kind === 'role-dealt' ? roleText(set.name, set.roles.get(dealt.role)!) : null,
      prompt: prompting
        ? {
            phase: phaseAt(set, state!.phaseIndex),
            options,
            deadline: table.deadline === null ? null : new Date(table.deadline),
            zone: seat.timeZone ?? game.timeZone,
            votesIn: options.filter((o) => o.kind === 'vote').length,
          }
        : null,
      headline: how.headline,
    });
    // A player's mail is theirs alone, even when another's reads the same (two villagers would learn of each other).
    if (nick !== null) players.push({ to: seat.address, body });
    else bodies.set(body, [...(bodies.get(body) ?? []), seat.address]);
  }
  const phase = phaseLabel(table);
  const subject = subjectFor(config, game, phase, werewolfSubject(how.subject));
  for (const { to, body } of players) await tx.enqueueMail({ to: [to], subject, body, gameId: game.id, kind: 'notice' });
  for (const [body, to] of bodies) await tx.enqueueMail({ to: [...new Set(to)], subject, body, gameId: game.id, kind: 'notice' });
}

/** STATUS: the game as the sender may see it, and, for a living player, what they may do now. */
export function statusText(table: WerewolfTable, sender: Sender, game: Game): string {
  const set = roleSetOf(table.settings.roleSet);
  const state = table.game;
  const zone = sender.seat.timeZone ?? game.timeZone;
  const facts = renderWerewolfStatus(werewolfViewFor(table, set, readerOfSeat(sender.seat)), game.name, zone);
  const nick = sender.kind === 'player' ? sender.nick : null;
  if (nick === null || state === null || table.status !== 'running' || !state.players.some((p) => p.name === nick && p.alive)) return facts;
  const options = availableActions(set, state, nick);
  const prompt = renderWerewolfMail({
    gameName: game.name,
    effects: [],
    roleText: null,
    prompt: {
      phase: phaseAt(set, state.phaseIndex),
      options,
      deadline: table.deadline === null ? null : new Date(table.deadline),
      zone,
      votesIn: options.filter((o) => o.kind === 'vote').length,
    },
    headline: null,
  });
  return `${facts}\n\n${prompt.trim()}`;
}

/**
 * PRESS … ENDPRESS: a living player's or the Master's post goes to everyone; a dead player's to the
 * dead, the Master and observers; PRESS TO group to the group's living members (a wolf to the pack).
 */
export async function press(
  ctx: BlockContext<JudgeTransaction>,
  work: Work,
  sender: Sender,
  line: Extract<NumberedLine, { kind: 'press' }>,
  refused: (why: WerewolfProblem) => void,
  reply: (r: WerewolfReply) => void,
): Promise<void> {
  if (!line.closed) return refused({ kind: 'press-unclosed' });
  if (line.body === '') return refused({ kind: 'press-empty' });
  if (sender.kind === 'observer') return refused({ kind: 'players-only', command: 'PRESS' });
  const { game, table } = work;
  const seats = (await ctx.tx.seats(game.id)).filter((s) => s.status !== 'resigned');
  const nickOf = (seat: SeatRecord) => (seat.role === 'power' ? (table.joined.find((j) => j.seat === seat.id)?.nick ?? null) : null);
  const state = table.game;
  const alive = (nick: string | null) => nick !== null && state?.players.some((p) => p.name === nick && p.alive) === true;
  const from = sender.kind === 'player' ? sender.nick : null;
  let to: PressChannel;
  let readers: SeatRecord[];
  if (line.to !== null) {
    const groups = state === null || from === null || !alive(from) ? [] : groupsOf(state, from);
    if (from !== null && !alive(from) && state !== null) return refused({ kind: 'dead-press-to-group' });
    const group = groups.find((g) => g.toLowerCase() === line.to!.toLowerCase().replace(/^#/, ''));
    if (from === null || group === undefined) return refused({ kind: 'not-in-group', group: line.to, groups });
    to = { kind: 'group', group };
    readers = seats.filter((s) => alive(nickOf(s)) && groupsOf(state!, nickOf(s)!).includes(group));
  } else if (from !== null && state !== null && table.status === 'running' && !alive(from)) {
    to = { kind: 'dead' };
    readers = seats.filter((s) => nickOf(s) === null || !alive(nickOf(s)));
  } else {
    to = { kind: 'everyone' };
    readers = seats;
  }
  const addresses = [...new Set(readers.filter((s) => s.address !== ctx.sender).map((s) => s.address))];
  if (addresses.length > 0) {
    await ctx.tx.enqueueMail({
      to: addresses,
      subject: subjectFor(ctx.config, game, phaseLabel(table), werewolfPressSubject({ from, to })),
      body: renderWerewolfPress({ from, to, body: line.body }),
      gameId: game.id,
      kind: 'press',
    });
  }
  work.table = withPost(work.table, { from, to, body: line.body, phase: phaseLabel(table) });
  reply({ kind: 'press-sent', to, count: addresses.length });
}

/** The groups a player is a member of now. */
export function groupsOf(state: GameState, nick: string): string[] {
  return (state.players.find((p) => p.name === nick)?.attributes ?? []).flatMap((a) => (a.type === 'membership' ? [a.group] : []));
}
