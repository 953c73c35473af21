import { readGameName } from '../../commands/names.ts';
import type { InboundMail } from './inbound-mail.ts';
import { parseAndKeepBody } from './parsed-bodies.ts';

// What a mail must be judged in order with, known before it is judged: when several processes
// judge the recorded mail side by side (src/store/inbound-queue.ts), a mail waits for every
// earlier one that shares a key with it. The keys are its sender's addresses (a player's later
// mail is never judged before an earlier one) and the games its blocks may change (each SIGNON,
// JOIN, OBSERVE, RESIGN, TAKEOVER, CREATE and Master command's game), so a game's mail is judged
// in the order it came. Information commands (LIST, SUMMARY, HISTORY …) only read: they add no
// game key, and two of them never wait for each other. A word that is no game name (or is longer
// than any, issue 25) names no game to wait for: the keys are indexed, so each stays short.

export function orderKeys(mail: InboundMail): string[] {
  const keys = new Set<string>();
  for (const address of [mail.from, mail.replyAddress]) if (address) keys.add(`sender:${address}`);
  for (const game of gamesChanged(mail)) keys.add(`game:${game.toLowerCase()}`);
  return [...keys];
}

/** The games the mail's blocks may change; the body read here is kept for the judging (parsed-bodies.ts). */
function gamesChanged(mail: InboundMail): string[] {
  const games: string[] = [];
  for (const block of parseAndKeepBody(mail).blocks) {
    if (block.kind === 'session' || block.kind === 'create') games.push(block.opener.game);
    if (block.kind === 'anonymous')
      for (const command of block.commands) if (command.kind === 'master') games.push(...command.args.slice(0, command.command === 'RENAME' ? 2 : 1));
  }
  return games.flatMap((word) => readGameName(word) ?? []);
}
