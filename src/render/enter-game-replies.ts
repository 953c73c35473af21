// The replies to the openers that enter or leave a game: JOIN, OBSERVE, RESIGN, TAKEOVER, and the
// start a JOIN or the Master's ACTIVATE brings, with the start mail's note on dummies
// (src/judge/players/enter-game.ts decides, these write).
// Powers come as the names players read.

/** What an opener did. */
export type EnterRecord =
  | { readonly kind: 'joined'; readonly gameName: string; readonly power: string | null; readonly players: number; readonly powers: number }
  | { readonly kind: 'full-awaits-master'; readonly gameName: string }
  | { readonly kind: 'started-full'; readonly gameName: string }
  | { readonly kind: 'started-by-master'; readonly gameName: string; readonly players: number; readonly powers: number; readonly dummies: readonly string[] }
  | { readonly kind: 'watching'; readonly role: WatcherRole; readonly gameName: string; readonly name: string; readonly already: boolean }
  | { readonly kind: 'left'; readonly gameName: string }
  | { readonly kind: 'resigned'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'master-taken-over'; readonly gameName: string }
  | { readonly kind: 'power-taken-over'; readonly power: string; readonly gameName: string };

export type WatcherRole = 'observer' | 'monitor';

export function renderEnterReply(record: EnterRecord): string {
  switch (record.kind) {
    case 'joined':
      return `You have joined game '${record.gameName}'${record.power ? ` as ${record.power}` : ''}. ${record.players} of ${record.powers} players have joined. When the game starts, the judge mails you your power, its sign-on letter and how to write an order.`;
    case 'full-awaits-master':
      return `Every power is taken; game '${record.gameName}' starts when its Master sends ACTIVATE.`;
    case 'started-full':
      return `Game '${record.gameName}' is full and has started.`;
    case 'started-by-master': {
      const started = `You have started game '${record.gameName}' with ${record.players} of ${record.powers} players.`;
      if (record.dummies.length === 0) return started;
      return `${started} Nobody plays ${record.dummies.join(', ')}: ${dummiesAre(record.dummies)}, whose units hold unless you order them after BECOME.`;
    }
    case 'watching': {
      const doing = record.role === 'monitor' ? 'monitoring' : 'observing';
      return record.already
        ? `You are already ${doing} game '${record.gameName}' as ${record.name}; nothing changed.`
        : `You are now ${doing} game '${record.gameName}' as ${record.name}.`;
    }
    case 'left':
      return `You have left game '${record.gameName}'.`;
    case 'resigned':
      return `You have resigned from ${record.power} in game '${record.gameName}'.`;
    case 'master-taken-over':
      return `You are now the Master of game '${record.gameName}'.`;
    case 'power-taken-over':
      return `You have taken over ${record.power} in game '${record.gameName}'.`;
  }
}

/** Said under the starting position when the Master started the game short of players. */
export function renderDummiesNote(dummies: readonly string[]): string {
  return dummies.length === 0 ? '' : `\nNobody plays ${dummies.join(', ')}: ${dummiesAre(dummies)}, whose units hold unless the Master orders them.\n`;
}

/** "it is a dummy" or "they are dummies". */
export function dummiesAre(dummies: readonly string[]): string {
  return dummies.length === 1 ? 'it is a dummy' : 'they are dummies';
}
