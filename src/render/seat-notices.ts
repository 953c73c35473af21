// The notices to a game's other players when a power changes hands: it is vacated and waits for
// a replacement, or a new or returning player takes it (src/judge/players/enter-game.ts,
// master-commands.ts, replacement.ts and session-commands.ts decide). Powers as players read them.

/** What became of a power. */
export type SeatNotice =
  | { readonly kind: 'vacated'; readonly power: string; readonly gameName: string; readonly how: 'resigned' | 'resigned-by-master' | 'ejected' }
  | { readonly kind: 'taken-over'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'handed-over'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'reclaimed'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'handed-to-you'; readonly power: string; readonly initial: string; readonly gameName: string; readonly password: string };

/** The notice's body, ending in a newline. */
export function renderSeatNotice(notice: SeatNotice): string {
  switch (notice.kind) {
    case 'vacated': {
      const what =
        notice.how === 'resigned'
          ? `has resigned from game '${notice.gameName}'`
          : `has been ${notice.how === 'ejected' ? 'ejected' : 'resigned by the Master'} in game '${notice.gameName}'`;
      return `${notice.power} ${what}. The game waits for a replacement:\nanyone may send TAKEOVER ${notice.power.toLowerCase()}@${notice.gameName} <password> to play ${notice.power}.\n`;
    }
    case 'taken-over':
      return `${notice.power} in game '${notice.gameName}' has been taken over by a new player.\n`;
    case 'handed-over':
      return `The Master of game '${notice.gameName}' has handed ${notice.power} to a new player.\n`;
    case 'reclaimed':
      return `${notice.power} in game '${notice.gameName}' is played again by its player.\n`;
    case 'handed-to-you':
      return (
        `The Master of Diplomacy game '${notice.gameName}' has handed ${notice.power} to you.\n` +
        `Sign on with:  SIGNON ${notice.initial}${notice.gameName} ${notice.password}\n` +
        `and change the password at once with SET PASSWORD. LIST ${notice.gameName} shows the game.\n`
      );
  }
}
