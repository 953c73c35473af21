import type { RuleSetting, SessionCommand } from '../../commands/index.ts';
import { renderRefusal } from '../../render/refusals.ts';
import { REFUSED_RULES } from '../../render/refused-options.ts';
import { renderSessionRefusal, ruleSettingTitle } from '../../render/session-refusals.ts';
import { renderOptionReply, renderSettingNotice, type DeadlineRecomputed, type SettingChange, type SettingChanger } from '../../render/option-replies.ts';
import { noticeTitle } from '../../render/notice-titles.ts';
import { BlockError, type BlockContext } from '../context.ts';
import { deadlineTextFor, noticeToAll, recomputeDeadline, type DeadlineWriter } from '../clock/deadlines.ts';
import { addRule, isGameRule, optionOfRule, readOption, stateProblem, type GameOption, type GameSettings, type SettingsChange } from './game-options.ts';
import { hasRule, type Game, type GameRule, type GameStatus } from '../model.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { requireHashBudget } from '../passwords/password-checks.ts';
import type { GamePatch, GamesPort, NoticePorts, SchedulePorts } from '../ports.ts';
import { masterSeat, type ActingSession } from '../acting-session.ts';
import { readReaderPressSetting, setReaderPress } from '../press/reader-press.ts';
import { setStartCommand } from '../clock/time-commands.ts';
import { approvePowers, readApproveWords } from './approval.ts';

// `SET option …` and DPjudge's `RULE r !r` after SIGNON: the Master (or, in an UNMODERATED game,
// any player for the options njudge gives moderators) changes a game's settings. Each change is
// checked against the options table (game-options.ts), refused with the reason where the game's
// state or the sender does not allow it, stored, and announced to everyone as a Parameter Change.
// Deadlines, press and visibility read the stored settings on every use, so the change holds at
// once; a timing change also computes the current phase's deadline again (recomputeDeadline).

export function settingsOf(game: Game, isPrivate = false): GameSettings {
  return {
    status: game.status,
    rules: game.rules,
    listed: game.listed,
    description: game.description,
    timing: game.timing,
    options: game.options ?? {},
    isPrivate,
  };
}

/** Rules that no option owns: DPjudge's RULE lines may change them while the game is not over. */
const RULES_BEFORE_START: readonly GameRule[] = ['POWER_CHOICE', 'GUNBOAT', 'START_MASTER'];
const NOT_ENDED: readonly GameStatus[] = ['preparation', 'forming', 'active', 'waiting'];

/** Who the change is announced as coming from. */
function changer(session: ActingSession): SettingChanger {
  if (masterSeat(session)) return 'master';
  return session.seat.power ? { power: session.variant.powerById(session.seat.power).name } : 'player';
}

function mayChange(session: ActingSession, option: Pick<GameOption, 'who'>): boolean {
  if (masterSeat(session)) return true;
  return option.who === 'moderator' && hasRule(session.game, 'UNMODERATED') && session.seat.role === 'power' && session.seat.status === 'active';
}

/** Stores the change and returns the game as it now is. */
export async function applySettingsChange(ctx: BlockContext<Pick<GamesPort, 'updateGame'>>, game: Game, change: SettingsChange): Promise<Game> {
  const patch: GamePatch = {
    ...(change.rules !== undefined ? { rules: change.rules } : {}),
    ...(change.listed !== undefined ? { listed: change.listed } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
    ...(change.timing !== undefined ? { timing: change.timing } : {}),
    ...(change.options !== undefined ? { options: change.options } : {}),
    ...(change.privacyWord !== undefined
      ? { privateWordHash: change.privacyWord === null ? null : await hashPassword(change.privacyWord, ctx.config.passwordCost) }
      : {}),
  };
  await ctx.tx.updateGame(game.id, patch);
  return {
    ...game,
    ...(change.rules !== undefined ? { rules: change.rules } : {}),
    ...(change.listed !== undefined ? { listed: change.listed } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
    ...(change.timing !== undefined ? { timing: change.timing } : {}),
    ...(change.options !== undefined ? { options: change.options } : {}),
  };
}

async function announce(ctx: BlockContext<NoticePorts>, session: ActingSession, game: Game, change: (when: DeadlineWriter) => SettingChange): Promise<void> {
  await noticeToAll(ctx.tx, ctx.config, game, session.seats, noticeTitle('parameter-change'), (when) =>
    renderSettingNotice(changer(session), game.name, change(when)),
  );
}

type SetOptionCommand = Extract<SessionCommand, { kind: 'set-option' }>;

export async function setOption(ctx: BlockContext<SchedulePorts & NoticePorts>, session: ActingSession, command: SetOptionCommand): Promise<ActingSession> {
  const { game } = session;
  const upper = command.words.map((w) => w.toUpperCase());
  // Each reader's own press choice (SET NO BROADCAST, SET ALL PRESS), not the game's.
  const readerSetting = readReaderPressSetting(upper);
  if (readerSetting) return setReaderPress(ctx, session, readerSetting, command.line);
  // njudge's SET START date: the phase in play is not processed before it.
  if (upper[0] === 'START') return setStartCommand(ctx, session, command.line, command.rest.replace(/^\s*\S+\s*/, '').trim());
  // njudge's SET [NOT] APPROVE[D] powers.
  const approval = readApproveWords(upper);
  if (approval) return approvePowers(ctx, session, approval, command.line);
  const spelled = `SET ${command.words.map((w) => w.toUpperCase()).join(' ')}`;
  const lookup = readOption(command.words, command.rest, settingsOf(game));
  if (lookup.kind === 'unknown') throw new BlockError(command.line, renderRefusal({ kind: 'unknown-setting', spelled }));
  if (lookup.kind === 'refused') throw new BlockError(command.line, lookup.message);
  const { option, reading } = lookup;
  if (!mayChange(session, option)) {
    throw new BlockError(
      command.line,
      renderRefusal({ kind: 'option-master-only', gameName: game.name, optionTitle: option.title, moderated: option.who === 'moderator' }),
    );
  }
  const problem = stateProblem(option, game.status, game.name);
  if (problem) throw new BlockError(command.line, problem);
  if (!reading.ok) throw new BlockError(command.line, reading.message);
  // A privacy word is hashed like a password, and counts against the mail's new passwords.
  if (reading.change.privacyWord) requireHashBudget(ctx, command.line);
  let changed = await applySettingsChange(ctx, game, reading.change);
  // A new timing holds for the phase in play too: its deadline is computed again now.
  const schedule = reading.change.timing !== undefined ? await recomputeDeadline(ctx.tx, game, changed, ctx.now) : null;
  if (schedule) changed = { ...changed, deadline: schedule.deadline, grace: schedule.grace };
  const recomputed = (when: DeadlineWriter): DeadlineRecomputed | null =>
    schedule && changed.currentPhase ? { phaseId: changed.currentPhase, deadline: when(schedule.deadline), grace: when(schedule.grace) } : null;
  await announce(ctx, session, changed, (when) => ({
    kind: 'option',
    optionTitle: option.title,
    announcement: reading.announcement,
    deadline: recomputed(when),
  }));
  const readerDeadline = recomputed((instant) => deadlineTextFor(changed, (session.master ?? session.seat).timeZone, instant));
  ctx.reply.push(
    renderOptionReply({ kind: 'option-changed', gameName: game.name, optionTitle: option.title, announcement: reading.announcement, deadline: readerDeadline }),
  );
  return { ...session, game: changed };
}

/** Checks one RULE item against the table; the message says why it cannot be. */
export function ruleProblem(rule: RuleSetting): string | null {
  if (REFUSED_RULES[rule.name]) return renderSessionRefusal({ kind: 'rule-refused', rule: rule.name });
  if (!isGameRule(rule.name)) return renderSessionRefusal({ kind: 'unknown-rule', rule: rule.name });
  return null;
}

/** The rules after a RULE line's items, in order; the first conflict stops it. */
export function applyRuleItems(rules: readonly GameRule[], items: readonly RuleSetting[]): { ok: true; rules: GameRule[] } | { ok: false; message: string } {
  let result = [...rules];
  for (const item of items) {
    const problem = ruleProblem(item);
    if (problem) return { ok: false, message: problem };
    const rule = item.name as GameRule;
    if (item.negated) {
      result = result.filter((r) => r !== rule);
      continue;
    }
    const added = addRule(result, rule);
    if (!added.ok) return added;
    result = added.rules;
  }
  return { ok: true, rules: result };
}

type RulesCommand = Extract<SessionCommand, { kind: 'rules' }>;

/** DPjudge's `RULE r !r` after SIGNON: the same checks as the SET option each rule belongs to. */
export async function rulesLine(
  ctx: BlockContext<Pick<GamesPort, 'updateGame'> & NoticePorts>,
  session: ActingSession,
  command: RulesCommand,
): Promise<ActingSession> {
  const { game } = session;
  for (const item of command.rules) {
    const rule = item.name as GameRule;
    const problem = ruleProblem(item);
    if (problem) throw new BlockError(command.line, problem);
    const option = optionOfRule(rule);
    if (!mayChange(session, option ?? { who: 'master' }))
      throw new BlockError(command.line, renderRefusal({ kind: 'rule-master-only', gameName: game.name, rule }));
    const states = option?.states ?? (RULES_BEFORE_START.includes(rule) ? ['preparation', 'forming'] : NOT_ENDED);
    const stateIssue = stateProblem(
      { ...(option ?? { title: ruleSettingTitle(rule), usage: '', rules: [rule], who: 'master', read: () => null, show: () => null }), states } as GameOption,
      game.status,
      game.name,
    );
    if (stateIssue) throw new BlockError(command.line, stateIssue);
  }
  const applied = applyRuleItems(game.rules, command.rules);
  if (!applied.ok) throw new BlockError(command.line, applied.message);
  const changed = await applySettingsChange(ctx, game, { rules: applied.rules });
  const items = command.rules.map((r) => ({ rule: r.name, negated: r.negated }));
  await announce(ctx, session, changed, () => ({ kind: 'rules', items, rules: changed.rules }));
  ctx.reply.push(renderOptionReply({ kind: 'rules-now', gameName: game.name, rules: changed.rules }));
  return { ...session, game: changed };
}
