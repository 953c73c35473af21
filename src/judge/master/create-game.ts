import { loadVariant, VariantLoadError, variantNamed, variantNames } from '../../catalog/variant-catalog.ts';
import type { CreateBlock, RuleSetting } from '../../commands/index.ts';
import { readNewGameName } from '../../commands/names.ts';
import { parseTiming, parseZone } from '../../schedule/index.ts';
import { renderMasterRefusal } from '../../render/master-refusals.ts';
import { optionLine, renderGameCreated } from '../../render/option-replies.ts';
import { renderRefusal } from '../../render/refusals.ts';
import { BlockError, type BlockContext } from '../context.ts';
import type { GamesPort, JobsPort } from '../ports.ts';
import { scheduleFormingReminder } from '../diplomacy/game-events.ts';
import { createOptionWord, readOption, type GameSettings } from './game-options.ts';
import { NO_SIGNON_GATES, type GameOptionValues, type GameRule, type SignonGates } from '../model.ts';
import { applyRuleItems } from './option-commands.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { requireNewPassword } from '../passwords/password-checks.ts';
import { GATE_KEYS } from '../players/signon-gates.ts';
import { gatesText } from '../../render/signon-gates.ts';

// CREATE game pw [variant] with its status lines; the sender becomes the game's Master.

export async function createGame(ctx: BlockContext<GamesPort & JobsPort>, block: CreateBlock): Promise<void> {
  const { opener } = block;
  const name = readNewGameName(opener.game);
  if (name === null) throw new BlockError(opener.line, renderMasterRefusal({ kind: 'invalid-game-name', written: opener.game }));
  if (await ctx.tx.findGame(name)) throw new BlockError(opener.line, renderMasterRefusal({ kind: 'game-exists', gameName: name }));
  requireNewPassword(ctx, opener.password, opener.line);
  let variantName = variantNamed(opener.variant ?? 'standard');
  let rules: GameRule[] = [];
  const addRules = (line: number, items: readonly RuleSetting[]) => {
    const applied = applyRuleItems(rules, items);
    if (applied.ok) rules = applied.rules;
    else ctx.errors.push({ line, message: applied.message });
  };
  // njudge's CREATE ?name pw [variant] [options]: Gunboat, NoReveal; Blind and the rest are refused
  // by name. A first word that is an option and no variant (CREATE g pw gunboat) is an option.
  const optionWords = [...opener.options];
  if (opener.variant !== null && createOptionWord(opener.variant) !== null && !variantNames().includes(variantName)) {
    optionWords.unshift(opener.variant);
    variantName = 'standard';
  }
  for (const word of optionWords) {
    const option = createOptionWord(word);
    if (option === null) ctx.errors.push({ line: opener.line, message: renderMasterRefusal({ kind: 'create-word-unknown', word }) });
    else if (!option.ok) ctx.errors.push({ line: opener.line, message: renderMasterRefusal({ kind: 'create-word-refused', word, reason: option.message }) });
    else addRules(opener.line, [{ name: option.rule, negated: false }]);
  }
  let description = '';
  let options: GameOptionValues = {};
  let optionAnnouncements: string[] = [];
  let listed = true;
  let form = false;
  let privacy: string | null = null;
  let timing: string | null = null;
  let timeZone = ctx.config.defaultTimeZone ?? 'UTC';
  let signonGates: SignonGates = NO_SIGNON_GATES;
  for (const setting of block.settings) {
    switch (setting.kind) {
      case 'variant':
        variantName = variantNamed(setting.name);
        break;
      case 'rules':
        addRules(setting.line, setting.rules);
        break;
      case 'option': {
        // njudge's SET options after CREATE, read against the same table as after SIGNON.
        const settings: GameSettings = { status: form ? 'forming' : 'preparation', rules, listed, description, timing, options, isPrivate: privacy !== null };
        const lookup = readOption(setting.words, setting.rest, settings);
        if (lookup.kind === 'unknown')
          ctx.errors.push({ line: setting.line, message: renderRefusal({ kind: 'unknown-setting', spelled: `SET ${setting.words[0]!.toUpperCase()}` }) });
        else if (lookup.kind === 'refused') ctx.errors.push({ line: setting.line, message: lookup.message });
        else if (!lookup.reading.ok) ctx.errors.push({ line: setting.line, message: lookup.reading.message });
        else {
          const change = lookup.reading.change;
          if (change.rules !== undefined) rules = [...change.rules];
          if (change.listed !== undefined) listed = change.listed;
          if (change.description !== undefined) description = change.description;
          if (change.timing !== undefined) timing = change.timing;
          if (change.options !== undefined) options = change.options;
          if (change.privacyWord !== undefined) privacy = change.privacyWord;
          optionAnnouncements = [...optionAnnouncements, optionLine(lookup.option.title, lookup.reading.announcement)];
        }
        break;
      }
      case 'description':
        description = description ? `${description}\n${setting.description}` : setting.description;
        break;
      case 'private':
        privacy = setting.privacy;
        break;
      case 'listed':
        listed = setting.listed;
        break;
      case 'form':
        form = true;
        break;
      case 'signon-gate':
        signonGates = { ...signonGates, [GATE_KEYS[setting.gate]]: setting.value };
        break;
      case 'zone': {
        const zone = parseZone(setting.zone);
        if (zone.ok) timeZone = zone.zone;
        else ctx.errors.push({ line: setting.line, message: zone.error.message });
        break;
      }
      case 'timing': {
        // Checked now so a mistake is reported at CREATE; kept as written for the deadline engine.
        const parsed = parseTiming(setting.args);
        if (!parsed.ok) for (const error of parsed.errors) ctx.errors.push({ line: setting.line, message: error.message });
        timing = timing ? `${timing} ${setting.args}` : setting.args;
        break;
      }
    }
  }
  try {
    loadVariant(variantName);
  } catch (error) {
    if (!(error instanceof VariantLoadError)) throw error;
    throw new BlockError(opener.line, renderMasterRefusal({ kind: 'unknown-variant', variant: variantName, variants: variantNames() }));
  }
  if (ctx.errors.length > 0) return;
  const game = await ctx.tx.createGame({
    name,
    variant: variantName.toLowerCase(),
    status: form ? 'forming' : 'preparation',
    rules,
    description,
    listed,
    privateWordHash: privacy === null ? null : await hashPassword(privacy, ctx.config.passwordCost),
    timing,
    timeZone,
  });
  await ctx.tx.addSeat({
    gameId: game.id,
    role: 'master',
    power: null,
    address: ctx.sender,
    passwordHash: await hashPassword(opener.password, ctx.config.passwordCost),
  });
  const gates = gatesText(signonGates);
  if (gates !== null) await ctx.tx.updateGame(game.id, { signonGates });
  if (Object.keys(options).length > 0) await ctx.tx.updateGame(game.id, { options });
  if (form) await scheduleFormingReminder(ctx.tx, game, ctx.now);
  ctx.touchedGames.add(game.id);
  ctx.reply.push(
    renderGameCreated({ gameName: name, variantTitle: loadVariant(variantName).title, rules, optionLines: optionAnnouncements, gates, forming: form }),
  );
}
