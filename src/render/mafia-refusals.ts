import type { MafiaRefusal, Phase } from '../mafia/index.ts';
import { formatPlayerDeadline } from '../schedule/index.ts';
import { scheduleErrorText } from './schedule-errors.ts';

// Why a Mafia command changes nothing (src/mafia decides, these words say it): what was wrong and,
// where one is close, the name meant.

export function phaseName(phase: Phase): string {
  return `${phase.kind === 'day' ? 'Day' : 'Night'} ${phase.number}`;
}

const SETTING_HINTS: Readonly<Record<string, string>> = {
  length: 'a length such as 2D, 36H or 1D 12H',
  date: 'a date such as "Fri 20:00" or "2026-03-27 20:00"',
  zone: 'an IANA zone such as Europe/Berlin',
  players: 'a number from 3 to 100, or OFF',
  lynch: 'MAJORITY or PLURALITY',
  'on-off': 'ON or OFF',
  'vote-counts': 'PUBLIC or GM',
  roles: 'roles separated by commas, e.g. "Goon, Goon, Cop, 7 Villager"',
};

function suggest(suggestion: string | null): string {
  return suggestion === null ? '' : ` Did you mean ${suggestion}?`;
}

export function renderMafiaRefusal(refusal: MafiaRefusal): string {
  switch (refusal.kind) {
    case 'gm-only':
      return `Only the game's GMs may write "${refusal.command}".`;
    case 'not-started':
      return 'The game has not started yet.';
    case 'started-already':
      return 'The game has started already.';
    case 'game-over':
      return 'The game is over; nothing was changed.';
    case 'not-in-game':
      return 'You do not play in this game.';
    case 'joined-already':
      return 'You have joined this game already.';
    case 'bad-nick':
      return `"${refusal.written}" cannot be a name: write 1 to 30 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.`;
    case 'nick-taken':
      return `The name ${refusal.nick} is taken in this game (names match without regard to case or spaces); choose another with NAME.`;
    case 'no-nick':
      return 'Choose the name the game will know you by first: NAME yourname.';
    case 'nick-fixed':
      return 'Your name cannot change once the game has started.';
    case 'dead-cannot-vote':
      return `${refusal.nick} is dead, and the dead do not vote.`;
    case 'no-votes-at-night':
      return `It is ${phaseName(refusal.phase)}: votes are cast by day only.`;
    case 'standby-cannot-vote':
      return 'You are a standby, not a player: you vote once the GM has made you replace a player.';
    case 'unknown-player':
      return `Nobody plays in this game as "${refusal.written}".${suggest(refusal.suggestion)}`;
    case 'vote-for-dead':
      return `${refusal.nick} is dead; vote for a living player.`;
    case 'no-lynch-not-allowed':
      return 'This game does not allow a vote for no lynch.';
    case 'no-vote-to-withdraw':
      return 'You have no vote to withdraw.';
    case 'dead-cannot-post':
      return 'The dead cannot post to the living.';
    case 'no-dead-chat':
      return 'This game has no chat for the dead.';
    case 'unknown-group':
      return `There is no group "${refusal.written}" in this game.`;
    case 'not-in-group':
      return refusal.group === 'dead' ? 'Only the dead post to the dead.' : `You are not a member of the group ${refusal.group}.`;
    case 'bad-group-name':
      return `"${refusal.written}" cannot be a group's name.`;
    case 'death-names-nobody':
      return `This line names no player of the game before DIED, DEAD or BEEN LYNCHED, so nobody died: "${refusal.line}".${suggest(refusal.suggestion)}`;
    case 'death-names-several':
      return `This sentence names ${refusal.nicks.join(' and ')} before the death: write each death in a sentence of its own. Nobody died.`;
    case 'already-dead':
      return `${refusal.nick} is dead already; nothing was changed.`;
    case 'not-dead':
      return `${refusal.nick} is alive; there is nobody to resurrect.`;
    case 'replacement-names-nobody':
      return `A replacement names a standby (who joined the game with a name) and then a player: "NEW HAS REPLACED OLD". This line does not: "${refusal.line}".`;
    case 'replacement-plays-already':
      return `${refusal.nick} plays in the game already and cannot replace anyone.`;
    case 'seat-not-open':
      return `${refusal.nick}'s seat is held: only a seat whose player resigned can be taken over.`;
    case 'readers-do-not-post':
      return refusal.who === 'observer'
        ? "Observers read the game's posts but do not post: only its players and GMs write to the thread (and the dead to the dead)."
        : "Standbys read the game's posts but do not post until the GM puts them in a player's seat.";
    case 'gm-cannot-resign':
      return 'A GM does not resign from a Mafia game; PROMOTE a co-GM to hand the game over.';
    case 'bad-length':
      // The schedule's own text names DEADLINE MOVED when the length was read as part of it.
      return refusal.error.problem.kind === 'deadline-moved' ? `${scheduleErrorText(refusal.error)}.` : `DEADLINE MOVED: ${scheduleErrorText(refusal.error)}.`;
    case 'deadline-in-past':
      return `Moving the deadline to ${formatPlayerDeadline(new Date(refusal.wouldBe), refusal.zone)} would put it in the past; nothing was changed.`;
    case 'early-not-alone':
      return '"… ENDED EARLY" ends a phase only when it stands alone on its line, e.g. "Day 2 has ended early".';
    case 'not-ended':
      return 'The game has not ended; there is nothing to unend.';
    case 'too-few-players':
      return `The game has ${refusal.count} players; it needs at least ${refusal.needed}.`;
    case 'players-without-nick':
      return `${refusal.count === 1 ? 'One player has' : `${refusal.count} players have`} not chosen a name yet (NAME yourname).`;
    case 'roles-do-not-fit':
      return `The role list has ${refusal.roles} roles for ${refusal.players} players: give one role per player (SET ROLES).`;
    case 'unknown-setting':
      return `"${refusal.written}" is not a setting of a Mafia game: DAY, NIGHT, FIRST END OF DAY, ZONE, PLAYERS, LYNCH, NO LYNCH, HAMMER, VOTE COUNTS, DEAD CHAT, REMINDER or ROLES.`;
    case 'bad-setting-value':
      return `SET ${refusal.setting.toUpperCase().replace(/-/g, ' ')} takes ${SETTING_HINTS[refusal.expected] ?? refusal.expected}, not "${refusal.written}".`;
    case 'setting-after-start':
      return `SET ${refusal.setting.toUpperCase().replace(/-/g, ' ')} can only change before the game starts.`;
  }
}
