import { rollOrdersText, rollText, type Roll } from './master-replies.ts';

// The notices a Master's command sends: to everyone who follows the game (a Parameter Change,
// a roll), or to the one player it concerns (src/judge/master/master-commands.ts decides who gets
// which). Deadlines arrive formatted in each reader's zone; powers as the names players read.

/** What a Master's command tells. */
export type MasterNotice =
  | { readonly kind: 'rolled'; readonly roll: Roll; readonly deadline: string | null }
  | { readonly kind: 'terminated'; readonly gameName: string }
  | { readonly kind: 'paused'; readonly gameName: string }
  | { readonly kind: 'activated'; readonly gameName: string; readonly deadline: string | null }
  | { readonly kind: 'purged'; readonly gameName: string }
  | { readonly kind: 'renamed'; readonly gameName: string; readonly newName: string }
  | { readonly kind: 'gate-set'; readonly gameName: string; readonly gateTitle: string; readonly requirement: string | null }
  | { readonly kind: 'listed'; readonly gameName: string; readonly listed: boolean }
  | { readonly kind: 'preview'; readonly results: string }
  | { readonly kind: 'you-ejected'; readonly gameName: string }
  | { readonly kind: 'you-vacated'; readonly power: string; readonly gameName: string; readonly by: 'resign' | 'eject' }
  | { readonly kind: 'you-dummied'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'dummied'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'you-revived'; readonly power: string; readonly gameName: string; readonly newPassword: boolean }
  | { readonly kind: 'revived'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'acting-for-you'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'unstarted'; readonly gameName: string; readonly players: number; readonly powers: number; readonly powersKept: boolean }
  | { readonly kind: 'become-copy'; readonly gameName: string; readonly power: string; readonly lines: readonly string[]; readonly replies: readonly string[] }
  | { readonly kind: 'game-full'; readonly gameName: string }
  | { readonly kind: 'you-promoted'; readonly gameName: string; readonly seatRole: 'power' | 'observer' }
  | { readonly kind: 'masters-changed'; readonly gameName: string; readonly masters: number; readonly who: MastersChange | null };

/** Who joined or left the game's Masters, told to the other Masters only. */
export interface MastersChange {
  readonly address: string;
  readonly change: 'promoted' | 'stepped-down';
}

/** The notice's body, ending in a newline (but for a preview, which ends with the results). */
export function renderMasterNotice(notice: MasterNotice): string {
  switch (notice.kind) {
    case 'rolled':
      return `${rollText(notice.roll)}\n${rollOrdersText(notice.roll)}\n${deadlineLine(notice.deadline)}`;
    case 'terminated':
      return `The Master has terminated game '${notice.gameName}'.\n`;
    case 'paused':
      return `The Master has paused game '${notice.gameName}': nothing is processed until the Master activates it again.\n`;
    case 'activated':
      return `The Master has activated game '${notice.gameName}' again.\n${deadlineLine(notice.deadline)}`;
    case 'purged':
      return `The Master has purged game '${notice.gameName}': it no longer exists.\n`;
    case 'renamed':
      return `The Master has renamed game '${notice.gameName}' to '${notice.newName}'. Sign on to it as ${notice.newName} from now on.\n`;
    case 'gate-set':
      return notice.requirement === null
        ? `The Master has removed the ${notice.gateTitle} required to join game '${notice.gameName}' or take over a power in it.\n`
        : `The Master has set a signon requirement for game '${notice.gameName}': to join or take over a power, players need ${notice.requirement}.\n`;
    case 'listed':
      return `The Master has made game '${notice.gameName}' ${notice.listed ? 'listed: LIST and SEARCH show it' : 'unlisted: LIST and SEARCH no longer show it'}.\n`;
    case 'preview':
      return `PREVIEW: nothing has been saved, and nobody else has seen this.\n\n${notice.results}`;
    case 'you-ejected':
      return `The Master has removed you from game '${notice.gameName}'.\n`;
    case 'you-vacated':
      return `The Master has ${notice.by === 'resign' ? 'resigned you from' : 'removed you from'} ${notice.power} in game '${notice.gameName}'.\n`;
    case 'you-dummied':
      return `The Master has made ${notice.power} a dummy in game '${notice.gameName}': you no longer play it.\n`;
    case 'dummied':
      return `${notice.power} is now a dummy in game '${notice.gameName}': its units hold unless the Master orders them.\n`;
    case 'you-revived':
      return `The Master has given ${notice.power} in game '${notice.gameName}' back to you${notice.newPassword ? '; the Master will tell you its new password' : ', with your old password'}.\n`;
    case 'revived':
      return `${notice.power} is played again in game '${notice.gameName}'.\n`;
    case 'acting-for-you':
      return `The Master of game '${notice.gameName}' is acting as ${notice.power}; you will be sent a copy of what is done.\n`;
    case 'unstarted':
      return `The Master has taken game '${notice.gameName}' back to forming: ${notice.players} of ${notice.powers} players${notice.powersKept ? '' : '; powers are assigned again when it starts'}.\n`;
    case 'become-copy':
      return [
        `The Master of game '${notice.gameName}', acting as ${notice.power}, wrote:`,
        '',
        ...notice.lines.map((l) => `  ${l}`),
        '',
        'The judge answered:',
        '',
        ...notice.replies,
        '',
      ].join('\n');
    case 'game-full':
      return `Every power of game '${notice.gameName}' is taken. It starts when you send ACTIVATE (MANUAL START).\n`;
    case 'you-promoted':
      return `You are now a Master of game '${notice.gameName}'. Sign on as its Master with SIGNON M${notice.gameName} and the password you ${notice.seatRole === 'power' ? 'play with' : 'observe with'}; RESIGN after that sign-on steps down.\n`;
    case 'masters-changed': {
      const total = `Game '${notice.gameName}' has ${notice.masters === 1 ? 'one Master' : `${notice.masters} Masters`} now.`;
      if (notice.who === null) return `The Masters of game '${notice.gameName}' have changed. ${total}\n`;
      const what =
        notice.who.change === 'promoted' ? `has been made a Master of game '${notice.gameName}'` : `has stepped down as a Master of game '${notice.gameName}'`;
      return `${notice.who.address} ${what}.\n${total}\n`;
    }
  }
}

/** "The deadline is <deadline>.\n", or nothing when there is none. */
export function deadlineLine(deadline: string | null): string {
  return deadline ? `The deadline is ${deadline}.\n` : '';
}
