// The replies to the Master's commands (src/judge/master/master-commands.ts decides what was done, these
// write it). Powers come as the names players read.

/** What a Master command did. */
export type MasterRecord =
  | { readonly kind: 'forming'; readonly gameName: string }
  | { readonly kind: 'processed'; readonly phaseId: string; readonly defaulted: readonly string[] }
  /** njudge's PROCESS phase, written for a phase the game has left: nothing is done. */
  | { readonly kind: 'process-moved-on'; readonly gameName: string; readonly asked: string; readonly current: string }
  | { readonly kind: 'rolled'; readonly roll: Roll }
  | { readonly kind: 'terminated'; readonly gameName: string }
  | { readonly kind: 'paused'; readonly gameName: string }
  | { readonly kind: 'activated'; readonly gameName: string }
  | { readonly kind: 'purged'; readonly gameName: string }
  | { readonly kind: 'renamed'; readonly gameName: string; readonly newName: string }
  | { readonly kind: 'gate-set'; readonly gameName: string; readonly gateTitle: string; readonly requirement: string | null }
  | { readonly kind: 'listed'; readonly gameName: string; readonly listed: boolean }
  | { readonly kind: 'preview-mailed'; readonly phaseId: string }
  | { readonly kind: 'filled'; readonly gameName: string }
  | { readonly kind: 'watcher-removed'; readonly who: string; readonly role: 'observer' | 'monitor'; readonly gameName: string }
  | { readonly kind: 'vacated'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'dummied'; readonly power: string }
  | { readonly kind: 'revived'; readonly power: string; readonly newPassword: boolean }
  | { readonly kind: 'acting-as-master' }
  | { readonly kind: 'acting-as'; readonly power: string }
  | { readonly kind: 'official-press-on'; readonly subject: string }
  | { readonly kind: 'official-press-sent'; readonly subject: string; readonly readers: number; readonly body: string }
  | { readonly kind: 'revealed'; readonly gameName: string }
  | { readonly kind: 'unstarted'; readonly gameName: string; readonly players: number; readonly powers: number }
  | { readonly kind: 'promoted'; readonly address: string; readonly gameName: string; readonly masters: number }
  | { readonly kind: 'stepped-down'; readonly gameName: string; readonly mastersLeft: number }
  | { readonly kind: 'replaced'; readonly newcomer: string; readonly power: string; readonly gameName: string };

/** A ROLLBACK or ROLLFORWARD, told alike in the reply and in the notice to everyone. */
export interface Roll {
  readonly gameName: string;
  readonly direction: 'back' | 'forward';
  readonly phaseId: string;
  /** FULL: players and rules rolled too. */
  readonly full: boolean;
  /** Whether the phase got back the orders it was processed with (then its players wait). */
  readonly reordered: boolean;
}

export function renderMasterReply(record: MasterRecord): string {
  switch (record.kind) {
    case 'forming':
      return `Game '${record.gameName}' is now forming: players may JOIN ${record.gameName} <password>.`;
    case 'processed':
      return `${record.phaseId} has been processed${record.defaulted.length > 0 ? `; ${record.defaulted.join(', ')} took the civil-disorder defaults` : ''}.`;
    case 'process-moved-on':
      return `PROCESS ${record.asked} is ignored: game '${record.gameName}' is already in ${record.current}.`;
    case 'rolled':
      return `${rollText(record.roll)} ${rollOrdersText(record.roll)}`;
    case 'terminated':
      return `Game '${record.gameName}' has been terminated.`;
    case 'paused':
      return `Game '${record.gameName}' is paused (waiting). ACTIVATE resumes it.`;
    case 'activated':
      return `Game '${record.gameName}' is active again.`;
    case 'purged':
      return `Game '${record.gameName}' has been purged.`;
    case 'renamed':
      return `Game '${record.gameName}' is now called '${record.newName}'.`;
    case 'gate-set':
      return record.requirement === null
        ? `Game '${record.gameName}' no longer has a ${record.gateTitle}.`
        : `Game '${record.gameName}' now asks for ${record.requirement} of players who join or take over a power.`;
    case 'listed':
      return `Game '${record.gameName}' is now ${record.listed ? 'listed' : 'unlisted'}.`;
    case 'preview-mailed':
      return `A preview of the ${record.phaseId} results has been mailed to you; nothing has been saved.`;
    case 'filled':
      return `Every power has a player again: game '${record.gameName}' goes on.`;
    case 'watcher-removed':
      return `${record.who} no longer ${record.role === 'monitor' ? 'monitors' : 'observes'} game '${record.gameName}'.`;
    case 'vacated':
      return `${record.power} is vacant; game '${record.gameName}' waits for a replacement.`;
    case 'dummied':
      return `${record.power} is now a dummy.`;
    case 'revived':
      return `${record.power} is played again by its former player${record.newPassword ? ', with the password you gave' : ''}.`;
    case 'acting-as-master':
      return 'You act as the Master again.';
    case 'acting-as':
      return `You act as ${record.power} for the rest of this block.`;
    case 'official-press-on':
      return `Your press in the rest of this block goes out as official notices titled "${record.subject}".`;
    case 'official-press-sent':
      return `Official notice "${record.subject}" sent to ${record.readers} reader${record.readers === 1 ? '' : 's'}:\n\n${record.body}`;
    case 'revealed':
      return `The players of game '${record.gameName}' have been revealed to everyone.`;
    case 'unstarted':
      return `Game '${record.gameName}' is forming again with ${record.players} of ${record.powers} players; it starts when it is full or you ACTIVATE it.`;
    case 'promoted':
      return `${record.address} is now a Master of game '${record.gameName}' (${record.masters} Masters), signing on with their own password.`;
    case 'stepped-down':
      return `You are no longer a Master of game '${record.gameName}'; ${record.mastersLeft === 1 ? 'one Master remains' : `${record.mastersLeft} Masters remain`}.`;
    case 'replaced':
      return `${record.newcomer} now plays ${record.power} in game '${record.gameName}'; they have been sent a password.`;
  }
}

/** "The Master has rolled game 'x' back to S1901M[, players and rules included]." */
export function rollText(roll: Roll): string {
  return `The Master has rolled game '${roll.gameName}' ${roll.direction} to ${roll.phaseId}${roll.full ? ', players and rules included' : ''}.`;
}

/** What became of the rolled-to phase's orders. */
export function rollOrdersText(roll: Roll): string {
  const back = roll.direction === 'back';
  if (!roll.reordered) return back ? 'Its orders have been cleared.' : 'Its orders are as they were.';
  return `The orders it was processed with have been ${back ? 'kept' : 'restored'}; their players are set to WAIT, so it is not processed again before the deadline unless they SET NOWAIT.`;
}
