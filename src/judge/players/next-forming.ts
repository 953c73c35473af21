import type { Block, ParsedBody, ParseError, SessionBlock } from '../../commands/index.ts';
import { variantNamed } from '../../catalog/variant-catalog.ts';
import { renderNoFormingGame } from '../../render/classic-replies.ts';
import type { Game } from '../model.ts';
import { hasCreateOptions, isCreateOptionWord } from '../master/game-options.ts';
import type { GamesPort } from '../ports.ts';

// njudge's SIGN ON ? password [variant] [GUNBOAT]: the sender enters the next game taking players.
// The unit of work loads and locks a mail's games by the names its openers give, so the game is
// named here, from a read of the forming games, before the mail's games are opened: the opener
// becomes SIGN ON ?name password and runs as that does (the lock then taken is the game's own,
// and a game that stopped forming in between is refused as any other). "Next" is the oldest
// listed forming game of the variant asked for (standard without a word) with just the variant options named (GUNBOAT),
// that has no privacy word; none such refuses the block, saying so.

/** How many forming games are looked at (LIST's own limit). */
const CANDIDATES = 50;

interface Wanted {
  readonly variant: string;
  /** The words naming variant options (GUNBOAT), which the game must have, and no others. */
  readonly options: readonly string[];
}

function wantedOf(words: readonly string[]): Wanted {
  const options = words.filter(isCreateOptionWord);
  const variant = words.find((w) => !isCreateOptionWord(w));
  return { variant: variant === undefined ? 'standard' : variantNamed(variant), options };
}

function isNextForming(block: Block): block is SessionBlock {
  return block.kind === 'session' && block.opener.kind === 'signon' && block.opener.role.kind === 'next-forming';
}

/** The body with each SIGN ON ? naming its game, or refused when there is none. Reads only when the mail has one. */
export async function withNextFormingGames(tx: Pick<GamesPort, 'openings' | 'privateWordHash'>, body: ParsedBody): Promise<ParsedBody> {
  if (!body.blocks.some(isNextForming)) return body;
  const forming = [...(await tx.openings(CANDIDATES)).games].sort((a, b) => a.id - b.id);
  const open = new Map<number, boolean>();
  const isOpen = async (game: Game): Promise<boolean> => {
    if (!open.has(game.id)) open.set(game.id, (await tx.privateWordHash(game.id)) === null);
    return open.get(game.id)!;
  };
  const errors: ParseError[] = [...body.errors];
  const blocks: Block[] = [];
  for (const [index, block] of body.blocks.entries()) {
    if (!isNextForming(block) || block.opener.kind !== 'signon') {
      blocks.push(block);
      continue;
    }
    const { opener } = block;
    const wanted = wantedOf(opener.joinOptions);
    let chosen: Game | null = null;
    for (const game of forming) {
      if (game.variant !== wanted.variant || !hasCreateOptions(game.rules, wanted.options)) continue;
      if (await isOpen(game)) {
        chosen = game;
        break;
      }
    }
    if (chosen === null) {
      blocks.push({ kind: 'broken', line: opener.line, redactedText: opener.redactedText, commands: block.commands });
      errors.push({ line: opener.line, text: opener.redactedText, message: renderNoFormingGame(wanted.variant, wanted.options), block: index });
      continue;
    }
    // The words asked for are matched: the opener now names its game as SIGN ON ?name does.
    blocks.push({ ...block, opener: { ...opener, role: { kind: 'newcomer' }, game: chosen.name, joinOptions: [] } });
  }
  return { ...body, blocks, errors };
}
