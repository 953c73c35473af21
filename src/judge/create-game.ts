import { loadVariant, VariantLoadError, variantNames } from '../catalog/variant-catalog.ts';
import type { CreateBlock } from '../commands/index.ts';
import { parseTiming, parseZone } from '../schedule/index.ts';
import { BlockError, type BlockContext } from './context.ts';
import { scheduleFormingReminder } from './game-events.ts';
import { GAME_RULES, NO_SIGNON_GATES, type GameRule, type SignonGates } from './model.ts';
import { hashPassword } from './passwords.ts';
import { GATE_KEYS, gatesText } from './signon-gates.ts';

// CREATE game pw [variant] with its status lines; the sender becomes the game's Master.

const GAME_NAME = /^[a-z0-9_-]{1,32}$/;

export async function createGame(ctx: BlockContext, block: CreateBlock): Promise<void> {
  const { opener } = block;
  const name = opener.game.toLowerCase();
  if (!GAME_NAME.test(name)) throw new BlockError(opener.line, `"${opener.game}" is not a valid game name: use up to 32 letters, digits, - or _`);
  if (await ctx.tx.findGame(name)) throw new BlockError(opener.line, `A game named '${name}' already exists`);
  let variantName = opener.variant ?? 'standard';
  const rules = new Set<GameRule>();
  let description = '';
  let listed = true;
  let form = false;
  let privacy: string | null = null;
  let timing: string | null = null;
  let timeZone = ctx.config.defaultTimeZone ?? 'UTC';
  let signonGates: SignonGates = NO_SIGNON_GATES;
  for (const setting of block.settings) {
    switch (setting.kind) {
      case 'variant':
        variantName = setting.name;
        break;
      case 'rules':
        for (const rule of setting.rules) {
          if (!(GAME_RULES as readonly string[]).includes(rule.name)) {
            ctx.errors.push({ line: setting.line, message: `Unknown rule ${rule.name}; known rules: ${GAME_RULES.join(', ')}` });
            continue;
          }
          if (rule.negated) rules.delete(rule.name as GameRule);
          else rules.add(rule.name as GameRule);
        }
        break;
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
    throw new BlockError(opener.line, `Unknown variant "${variantName}"; this judge has: ${variantNames().join(', ')}`);
  }
  if (ctx.errors.length > 0) return;
  const game = await ctx.tx.createGame({
    name,
    variant: variantName.toLowerCase(),
    status: form ? 'forming' : 'preparation',
    rules: [...rules],
    description,
    listed,
    privateWordHash: privacy === null ? null : await hashPassword(privacy, ctx.config.passwordCost),
    timing,
    timeZone,
  });
  await ctx.tx.addSeat({ gameId: game.id, role: 'master', power: null, address: ctx.sender, passwordHash: await hashPassword(opener.password, ctx.config.passwordCost) });
  const gates = gatesText(signonGates);
  if (gates !== null) await ctx.tx.updateGame(game.id, { signonGates });
  if (form) await scheduleFormingReminder(ctx.tx, game, ctx.now);
  ctx.touchedGames.add(game.id);
  ctx.reply.push(
    `Game '${name}' (${loadVariant(variantName).title}) has been created with you as its Master.` +
      (rules.size > 0 ? `\nRules: ${[...rules].join(', ')}.` : '') +
      (gates !== null ? `\n${gates}` : '') +
      (form ? `\nThe game is forming: players may now JOIN ${name} <password>.` : `\nIt is in preparation: send FORM after SIGNON M${name} to let players join.`),
  );
}
