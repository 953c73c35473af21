// The words of the game options (src/judge/master/game-options.ts holds their spellings, rules and who may
// change them): each option's heading and usage for LIST game and HELP, and what a change
// announces to the game. Announcements never name an address.

/** An on/off option's heading and what the game does with it on, and off. */
export interface FlagTexts {
  readonly title: string;
  readonly on: string;
  readonly off: string;
}

export const FLAG_TEXTS = {
  PUBLIC_PRESS: { title: 'Partial press', on: 'no partial press: only broadcasts and press to the Master', off: 'partial press allowed' },
  FAKE_PRESS: { title: 'Fake press', on: 'press may be faked', off: 'no fake press' },
  WATCH_ALL_PRESS: { title: 'Watching press', on: 'observers read all press, partial press included', off: 'observers read broadcasts and press sent to them' },
  MUST_ORDER: { title: 'Must order', on: 'press (but to the Master) only after a power has sent complete orders', off: 'press before orders allowed' },
  NO_LATE_PRESS: { title: 'Late press', on: 'after the deadline a late power may write only to the Master', off: 'late powers may send press' },
  QUIET: { title: 'Quiet', on: 'quiet: late notices go to the late powers and the Master only', off: 'late notices go to everyone in the first day' },
  NO_DIAS: { title: 'Draws', on: 'draws need not include every survivor (NO_DIAS)', off: 'draws include every survivor (DIAS)' },
  NO_CONCESSIONS: { title: 'Concessions', on: 'no concessions', off: 'concessions allowed' },
  CIVIL_DISORDER: {
    title: 'Civil disorder',
    on: 'NMR: at grace late powers go into civil disorder and the turn is processed',
    off: 'no NMR: at grace the game waits for replacements',
  },
  NO_LATE_COUNT: { title: 'Late count', on: "lateness is not counted in players' records", off: 'lateness is counted' },
  STRICT_GRACE: { title: 'Strict grace', on: 'strict grace: the grace period ends on any day of the week', off: 'the grace period ends on an allowed day' },
  MANUAL_PROCESS: { title: 'Processing', on: "manual processing: each turn waits for the Master's PROCESS", off: 'turns are processed automatically' },
  START_MASTER: { title: 'Start', on: 'manual start: the game starts when the Master sends ACTIVATE', off: 'the game starts when the last power is taken' },
  UNMODERATED: {
    title: 'Moderation',
    on: "unmoderated: every player may change the game's settings",
    off: "moderated: only the Master changes the game's settings",
  },
  GUNBOAT: { title: 'Gunboat', on: 'gunboat: players are anonymous', off: 'players are not anonymous' },
  NO_REVEAL: {
    title: 'Identities',
    on: "players stay anonymous after the game ends (until the Master's REVEAL)",
    off: 'players are revealed when the game ends',
  },
  PLAYER_DEADLINES: { title: 'Player deadlines', on: 'players may put the deadline later', off: 'only the Master moves deadlines' },
  POSTAL_PRESS: {
    title: 'Postal press',
    on: 'postal press: POSTAL PRESS … ENDPRESS goes to everyone with the results of the phase',
    off: 'no postal press',
  },
  AUTO_CREATE: {
    title: 'Auto create',
    on: 'auto create: when the game ends in a victory or a draw, a new unlisted game with the same settings and Master is made',
    off: 'no new game is made when the game ends',
  },
  APPROVAL: {
    title: 'Approval',
    on: "a player who enters the game may send orders only once the Master's SET APPROVE approves them",
    off: 'players need no approval to send orders',
  },
  BLIND: {
    title: 'Blind',
    on: 'blind: each power sees only the units and centres in or next to what it holds (DPjudge BLIND)',
    off: 'every player sees the whole board',
  },
  FOG: {
    title: 'Fog of war',
    on: 'fog of war: each power sees only where its units could move and its own centres',
    off: 'no fog of war',
  },
  OMNISCIENT_OBSERVERS: {
    title: 'Observers',
    on: 'observers see the whole board of a blind or fog game',
    off: 'observers of a blind or fog game see no position until it ends',
  },
  OWN_SCS_SEE: { title: 'Blind: centres look out', on: 'the centres a power owns look out (not its homes)', off: 'home centres look out' },
  NO_SCS_SEE: { title: 'Blind: centres blind', on: 'centres do not look out', off: 'centres look out' },
  NO_UNITS_SEE: { title: 'Blind: units blind', on: 'units do not look out', off: 'units look out' },
  UNITS_SEE_SAME: { title: 'Blind: same type', on: 'armies see only armies, fleets only fleets', off: 'units see either type' },
  UNITS_SEE_OTHER: { title: 'Blind: other type', on: 'armies see only fleets, fleets only armies', off: 'units see either type' },
  SEE_NO_UNITS: { title: 'Blind: no units', on: 'no foreign unit is ever seen', off: 'foreign units in sight are seen' },
  SEE_NO_SCS: { title: 'Blind: no owners', on: "no foreign centre's owner is ever seen", off: 'owners of centres in sight are seen' },
  SEE_ALL_SCS: { title: 'Blind: all owners', on: "every centre's owner is seen", off: 'owners of centres in sight are seen' },
} as const satisfies Readonly<Record<string, FlagTexts>>;

/** The rules stored by an on/off option. */
export type FlagRule = keyof typeof FLAG_TEXTS;

/** "SET QUIET | SET NO QUIET" */
export function flagUsage(on: string, off: string): string {
  return `SET ${on} | SET ${off}`;
}

/** njudge's press settings as SET spells them. */
export type PressKindWord = 'WHITE' | 'GREY' | 'WHITE/GREY' | 'GREY/WHITE' | 'NO PRESS';

export const PRESS_KIND_TEXTS: Readonly<Record<PressKindWord, string>> = {
  WHITE: 'white press: senders are named',
  GREY: 'grey press only: senders are not named',
  'WHITE/GREY': 'white press by default, grey press allowed',
  'GREY/WHITE': 'grey press by default, white press allowed',
  'NO PRESS': 'no press: players may write only to the Master',
};

export const OPTION_TEXTS = {
  press: { title: 'Press', usage: 'SET WHITE | GREY | WHITE/GREY | GREY/WHITE | NO PRESS' },
  observerPress: {
    title: 'Observer press',
    usage: 'SET OBSERVER ANY | NO | WHITE',
    any: 'observers may send press as players do',
    mute: 'observers may write only to the Master',
    white: 'observers may send white press only',
  },
  fakes: {
    title: 'Fake press',
    usage: 'SET PARTIAL MAY BE FAKED | PARTIAL FAKES BROADCAST [BY DEFAULT] | NO FAKE',
    may: 'press may be faked',
    none: 'no fake press',
    broadcast: 'partial fakes broadcast: all press but to or from the Master is shown as a broadcast',
    broadcastByDefault: 'partial fakes broadcast by default: press is shown as a broadcast unless its sender writes FAKE TO … or NO FAKE',
  },
  maxAbsence: {
    title: 'Absences',
    usage: 'SET MAX ABSENCE days (0 to 31)',
    announcement: (days: number) =>
      days === 0 ? 'players may not set absences themselves (the Master may grant them)' : `players may set absences of up to ${days} days themselves`,
    shown: (days: number) => `players may set absences of up to ${days} days`,
  },
  comment: {
    title: 'Description',
    usage: 'SET COMMENT text | SET NO COMMENT',
    cleared: 'the game has no description',
    set: (text: string) => `the game's description is now: ${text}`,
  },
  listing: {
    title: 'Listing',
    usage: 'SET LIST | SET NO LIST',
    listed: 'LIST and SEARCH show the game',
    unlisted: 'LIST and SEARCH no longer show the game',
    unlistedShown: 'unlisted: LIST and SEARCH do not show the game',
  },
  privacy: {
    title: 'Privacy',
    usage: 'SET PRIVATE word | SET PUBLIC',
    public: 'anyone may join, take over or observe without a privacy word',
    private: 'the game is private: joining, taking over and observing need its privacy word',
    privateShown: 'private: joining, taking over and observing need the privacy word',
  },
  access: {
    title: 'Access',
    usage: 'SET ALLOW PLAYER address | SET DENY PLAYER address (-address removes it)',
    /** How many addresses the list now holds; never which. */
    announcement: (count: number, list: 'allow' | 'deny') =>
      `${count} address${count === 1 ? ' is' : 'es are'} now ${list === 'allow' ? 'allowed' : 'denied'} to join or take over a power`,
    shown(allow: number, deny: number): string | null {
      const parts = [
        allow > 0 ? `only ${allow} allowed address${allow === 1 ? '' : 'es'} may join or take over` : null,
        deny > 0 ? `${deny} address${deny === 1 ? '' : 'es'} denied` : null,
      ];
      const shown = parts.filter((p): p is string => p !== null);
      return shown.length === 0 ? null : shown.join('; ');
    },
  },
  timing: {
    title: 'Timing',
    usage: 'SET MOVE|RETREAT|ADJUST CLOCK n MIN h NEXT h GRACE h DELAY h DAYS -MTWTF-',
    announcement: (timingLines: readonly string[]) => `the timing is now\n${timingLines.map((l) => `  ${l}`).join('\n')}`,
  },
} as const;

/** An option in force as LIST game shows it: "Press: white press: senders are named." */
export function optionLine(title: string, shown: string): string {
  return `${title}: ${shown}.`;
}

/** An option in HELP's list of SET options. */
export function optionHelpLine(usage: string): string {
  return `  ${usage}`;
}
