// The replies to SET options and RULE lines, the notice of such a change, and the reply to CREATE
// with the settings it carried (src/judge/master/option-commands.ts and create-game.ts decide, these
// write). The option's title and what its reading announces come from the option table
// (src/judge/master/game-options.ts).

/** A deadline computed again after a new timing, formatted for the reader. */
export interface DeadlineRecomputed {
  readonly phaseId: string;
  readonly deadline: string | null;
  readonly grace: string | null;
}

/** What a SET option or RULE line did. */
export type OptionRecord =
  | {
      readonly kind: 'option-changed';
      readonly gameName: string;
      readonly optionTitle: string;
      readonly announcement: string;
      readonly deadline: DeadlineRecomputed | null;
    }
  | { readonly kind: 'rules-now'; readonly gameName: string; readonly rules: readonly string[] };

export function renderOptionReply(record: OptionRecord): string {
  switch (record.kind) {
    case 'option-changed':
      return `Game '${record.gameName}': ${record.optionTitle.toLowerCase()} changed. ${capitalise(record.announcement)}${newDeadlineText(record.deadline)}.`;
    case 'rules-now':
      return `Game '${record.gameName}' now has the rules: ${rulesText(record.rules)}.`;
  }
}

/** "\nThe deadline for S1901M is now …, the grace period ends …", or nothing without a new deadline. */
export function newDeadlineText(deadline: DeadlineRecomputed | null): string {
  return deadline ? `\nThe deadline for ${deadline.phaseId} is now ${deadline.deadline}, the grace period ends ${deadline.grace}` : '';
}

/** "GUNBOAT, NO_DIAS", or "none". */
export function rulesText(rules: readonly string[]): string {
  return rules.length > 0 ? rules.join(', ') : 'none';
}

/** CREATE: the game made, with what its settings lines set. */
export interface GameCreated {
  readonly gameName: string;
  readonly variantTitle: string;
  readonly rules: readonly string[];
  /** One line per SET option, "Title: announcement." */
  readonly optionLines: readonly string[];
  /** The signon requirements, as LIST game shows them; null: none. */
  readonly gates: string | null;
  /** FORM on the CREATE: players may join at once. */
  readonly forming: boolean;
}

export function renderGameCreated(game: GameCreated): string {
  return (
    `Game '${game.gameName}' (${game.variantTitle}) has been created with you as its Master.` +
    (game.rules.length > 0 ? `\nRules: ${game.rules.join(', ')}.` : '') +
    game.optionLines.map((a) => `\n${a}`).join('') +
    (game.gates !== null ? `\n${game.gates}` : '') +
    (game.forming
      ? `\nThe game is forming: players may now JOIN ${game.gameName} <password>.`
      : `\nIt is in preparation: send FORM after SIGNON M${game.gameName} to let players join.`)
  );
}

/** "Title: announcement." as CREATE lists a SET option it took. */
export function optionLine(optionTitle: string, announcement: string): string {
  return `${optionTitle}: ${announcement}.`;
}

/** Who changed a setting: the Master, the power a player plays, or a player without one. */
export type SettingChanger = 'master' | 'player' | { readonly power: string };

/** A change of settings, as everyone who follows the game is told of it. */
export type SettingChange =
  | { readonly kind: 'option'; readonly optionTitle: string; readonly announcement: string; readonly deadline: DeadlineRecomputed | null }
  | { readonly kind: 'rules'; readonly items: readonly { readonly rule: string; readonly negated: boolean }[]; readonly rules: readonly string[] };

/** The Parameter Change notice's body, ending in a newline. */
export function renderSettingNotice(changer: SettingChanger, gameName: string, change: SettingChange): string {
  const who = changer === 'master' ? 'The Master' : changer === 'player' ? 'A player' : changer.power;
  const what =
    change.kind === 'option'
      ? `${change.optionTitle}: ${change.announcement}${newDeadlineText(change.deadline)}`
      : `Rules: ${change.items.map((r) => `${r.negated ? 'without' : 'with'} ${r.rule}`).join(', ')}; the rules are now ${rulesText(change.rules)}`;
  return `${who} has changed a setting of game '${gameName}':\n${what}.\n`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
