import type {
  CommandProblem,
  CommandUsage,
  GateName,
  OpenerProblem,
  OpenerWord,
  PowerListProblem,
  PressOptionsProblem,
  UnneededCommand,
} from '../commands/command-problems.ts';
import { orList } from '../engine/suggest.ts';
import { scheduleErrorText } from './schedule-errors.ts';
import { renderNoFormingGame } from './classic-replies.ts';

// What the command parser could not read (CommandProblem), in words: the refused lines of a
// reply and the notes on njudge commands this judge does not need.

const USAGE: Readonly<Record<CommandUsage, string>> = {
  UNEND: 'UNEND takes no arguments (UNEND GAME is the same)',
  LIST: 'LIST takes at most a game name',
  SUMMARY: 'SUMMARY takes a game name only',
  'INFO PLAYER': 'INFO PLAYER takes one e-mail address',
  RESIGN: 'RESIGN takes a power, or a power@game and password',
  SET: 'SET needs something to set, e.g. SET WAIT',
  'SET PASSWORD': 'SET PASSWORD takes exactly one word, the new password',
  'SET ZONE': 'SET ZONE takes one time zone, e.g. SET ZONE Europe/Paris',
  'SET MAP': 'SET MAP takes ON or OFF: whether results come with the map picture',
  'SET PREFERENCE': 'SET PREFERENCE needs the powers you want, best first, e.g. SET PREFERENCE EFG (or * for any)',
  'SET DEADLINE': 'SET DEADLINE needs a date or time',
  'SET GRACE': 'SET GRACE needs a date or time',
  VOTE: 'VOTE takes one of SOLO, LOSS, DIAS, DRAW, nWAY, YES, NO',
  PROPOSE: 'PROPOSE takes one power, or DIAS',
  PHASE: 'PHASE needs a phase, e.g. PHASE S 1903 M',
  PRIVATE: 'PRIVATE takes one word, the privacy password',
  TIMING: 'TIMING needs settings, e.g. TIMING NEXT 2D AT 12:00',
  ZONE: 'ZONE takes one time zone, e.g. ZONE Europe/London',
  DEADLINE: 'Write DEADLINE MOVED <length> LATER or EARLIER, e.g. DEADLINE MOVED 1D 12H LATER',
  'ROLLBACK FORMING': 'ROLLBACK FORMING takes nothing else: the game goes back to before its start',
  'ROLLFORWARD FORMING': 'ROLLFORWARD FORMING means nothing: ROLLBACK FORMING (or UNSTART) returns a game to forming',
};

const OPENER_USAGE: Readonly<Record<OpenerWord, string>> = {
  signon: 'SIGNON Fgame password (or SIGNON france@game password)',
  join: 'JOIN game password [privacy] (or JOIN france@game password [privacy])',
  observe: 'OBSERVE name@game password [privacy]',
  monitor: 'MONITOR name@game password [privacy]',
  resign: 'RESIGN Fgame password (or RESIGN france@game password)',
  takeover: 'TAKEOVER france@game password [privacy] (or TAKEOVER master@game password)',
  create: 'CREATE game password [variant]',
};

const UNNEEDED: Readonly<Record<UnneededCommand, string>> = {
  register: 'this judge needs no registration: JOIN a game, or SIGNON to it, with a password of your own',
  'i-am-also': "this judge knows you by your address in each game; after SIGNON, SET ADDRESS moves that game's mail",
  whois: "players' addresses are not looked up here; LIST game shows them once a game is over (never in gunboat or NO_REVEAL games)",
  files: 'this judge keeps no files to send; HELP mails the command summary, LIST the games',
};

const SETTINGS_KNOWN = 'MAP, VARIANT, RULE, DESC, PRIVATE, TIMING, ZONE, FORM, SET UNLISTED or SET DEDICATION / ONTIMERAT / RESRAT';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function gateExample(gate: GateName): string {
  switch (gate) {
    case 'DEDICATION':
      return 'a number of dedication points, e.g. SET DEDICATION 10';
    case 'ONTIMERAT':
      return 'SET ONTIMERAT 0.9';
    case 'RESRAT':
      return 'SET RESRAT 0.1';
  }
}

/** "LIST takes at most a game name", `"Xyz" is not a game name` (no full stop unless the sentence has its own). */
export function commandProblemText(problem: CommandProblem): string {
  switch (problem.kind) {
    case 'schedule':
      return scheduleErrorText(problem.error);
    case 'usage':
      return USAGE[problem.usage];
    case 'no-arguments':
      return `${problem.command} takes no arguments`;
    case 'too-few-arguments':
      return `${problem.command} needs ${problem.min === 1 ? 'an argument' : plural(problem.min, 'argument')}`;
    case 'too-many-arguments':
      return `${problem.command} takes at most ${plural(problem.max, 'argument')}`;
    case 'not-a-game-name':
      return `"${problem.word}" is not a game name`;
    case 'map-word':
      return `MAP takes a game name, then a phase (e.g. F1901M) and a format (PNG or SVG), not "${problem.word}"`;
    case 'not-an-address':
      return `"${problem.address}" is not an e-mail address`;
    case 'needs-rule':
      return `${problem.command} needs at least one rule`;
    case 'not-a-rule':
      return `"${problem.item}" is not a rule name`;
    case 'takes-one-power':
      return `${problem.command} takes one power`;
    case 'absence-needs-to-date':
      return `${problem.command} … TO needs a date after TO`;
    case 'absence-needs-date':
      return `${problem.command} needs a date, e.g. ${problem.command} 24 DEC TO 6 JAN`;
    case 'not-a-vote':
      return `VOTE ${problem.written} is not a vote; use SOLO, LOSS, DIAS, DRAW, nWAY, YES or NO`;
    case 'roll-word':
      return `${problem.command} takes a phase such as S1901M, RESTORE and FULL; "${problem.word}" is none of them`;
    case 'cannot-be-used-here':
      return `${problem.command} cannot be used here`;
    case 'needs-game-name':
      return `${problem.command} needs a game name, e.g. ${problem.command} game`;
    case 'needs-signon':
      return `${problem.command} needs a SIGNON first`;
    case 'no-forming-game':
      return renderNoFormingGame(problem.variant, problem.options);
    case 'orders-need-signon':
      return 'this is not a command, and orders need a SIGNON first';
    case 'not-a-setting':
      return `"${problem.word}" is not a game setting; after CREATE write ${SETTINGS_KNOWN}`;
    case 'takes-one-name':
      return `${problem.command} takes one name`;
    case 'needs-text':
      return `${problem.command} needs a text`;
    case 'gate-needs-value':
      return `SET ${problem.gate} needs ${gateExample(problem.gate)} (SET NO ${problem.gate} removes the requirement)`;
    case 'gate-points':
      return `SET DEDICATION takes whole dedication points, e.g. SET DEDICATION 10, not "${problem.word}"`;
    case 'gate-ratio':
      return `SET ${problem.gate} takes a ratio from 0 to 1 (or 0% to 100%), e.g. ${gateExample(problem.gate)}, not "${problem.word}"`;
    case 'gate-one-value':
      return `SET ${problem.gate} takes one value, e.g. SET ${problem.gate} ${problem.gate === 'DEDICATION' ? '10' : '0.9'}`;
    case 'opener':
      return `${openerProblemText(problem.problem)}; write ${OPENER_USAGE[problem.opener]}`;
    case 'stray-endpress':
      return `${problem.command} without a PRESS or BROADCAST before it`;
    case 'misspelt-command': {
      const text = `"${problem.word}" is not a command; did you mean ${orList(problem.near)}?`;
      return problem.pressDropped ? `${text} Its text up to ENDPRESS was not sent` : text;
    }
    case 'comment-begin-needs-signon':
      return 'SET COMMENT BEGIN needs a SIGNON first';
    case 'comment-begin-empty':
      return 'SET COMMENT BEGIN takes the lines after it, up to SIGNOFF, as the comment; none followed';
    case 'press-password-line':
      return `${problem.command ?? 'press'} refused: it contains a ${problem.keyword} line with a password; did you forget ENDPRESS?`;
    case 'press-options':
      return `${problem.command}: ${pressOptionsProblemText(problem.problem)}`;
  }
}

function openerProblemText(problem: OpenerProblem): string {
  switch (problem.kind) {
    case 'game-and-password-missing':
      return 'the game and password are missing';
    case 'password-missing':
      return 'the password is missing';
    case 'too-many-words':
      return 'there are too many words';
    case 'power-before-at':
      return 'put the power or observer name before the @, e.g. france@game';
    case 'name-before-at':
      return 'put a name before the @';
    case 'power-and-game':
      return 'name the power and the game, e.g. Fgame or france@game';
    case 'newcomer-game':
      return 'name the forming game after the ?, e.g. ?game';
    case 'game-name-too-long':
      return `a game name is at most ${problem.maxLength} characters long`;
    case 'game-name-characters':
      return 'a game name holds only letters, digits, - and _';
  }
}

function pressOptionsProblemText(problem: PressOptionsProblem): string {
  switch (problem.kind) {
    case 'needs-powers':
      return `${problem.what}${problem.allBut ? ' ALL BUT' : ''} needs a list of powers`;
    case 'recipients-twice':
      return 'the recipients are given twice';
    case 'sender-twice':
      return 'the sender is given twice';
    case 'fake-twice':
      return 'FAKE is given twice';
    case 'fake-from-one':
      return 'FAKE FROM needs exactly one power';
    case 'from-one':
      return 'FROM needs exactly one power';
    case 'not-understood':
      return `I do not understand "${problem.word}" here`;
    case 'for-whom':
      return 'say who the press is for, e.g. PRESS TO France (or use BROADCAST)';
  }
}

/** `"Xyz" is not a power's name; did you mean France?` and the like. */
export function powerListProblemText(problem: PowerListProblem): string {
  switch (problem.kind) {
    case 'not-a-power-name':
      return `"${problem.token}" is not a power's name; did you mean ${orList(problem.near)}?`;
    case 'not-an-initial':
      return `"${problem.token}" is not a power's initial`;
    case 'not-name-nor-initials':
      return `"${problem.token}" is neither a power's name nor a list of power initials (no power has the initial ${problem.initial})`;
  }
}

/** "REGISTER is not needed on this judge: this judge needs no registration: …." */
export function unneededCommandText(name: string, unneeded: UnneededCommand): string {
  return `${name} is not needed on this judge: ${UNNEEDED[unneeded]}.`;
}
