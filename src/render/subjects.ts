// The subject line of every mail the judge sends about a game: the judge's code, the game, the
// phase when there is one, then what the mail is.

export function subjectFor(config: { readonly code: string }, game: { readonly name: string }, phase: string | null, what: string): string {
  return `${config.code}:${game.name}${phase ? ` - ${phase}` : ''} ${what}`.trim();
}
