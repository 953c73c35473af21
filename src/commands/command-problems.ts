import type { ScheduleError } from '../schedule/index.ts';

// What the command parser could not read, as data: the parser decides, src/render/command-problems.ts
// words it for the reply (the parser's own English went there, issue 27). `command` is a command's
// keyword as the sender spelled it, upper case ("SET ABSENCE").

/** The openers (parse-opener.ts's OpenerKeyword) and the signon gates (signon-gate.ts), spelled out here so this module imports none of the parser's. */
export type OpenerWord = 'signon' | 'join' | 'observe' | 'monitor' | 'resign' | 'takeover' | 'create';
export type GateName = 'DEDICATION' | 'ONTIMERAT' | 'RESRAT';

/** Commands whose one right form the reply spells out (src/render/command-problems.ts). */
export type CommandUsage =
  | 'UNEND'
  | 'LIST'
  | 'SUMMARY'
  | 'INFO PLAYER'
  | 'RESIGN'
  | 'SET'
  | 'SET PASSWORD'
  | 'SET ZONE'
  | 'SET MAP'
  | 'SET PREFERENCE'
  | 'SET DEADLINE'
  | 'SET GRACE'
  | 'VOTE'
  | 'PROPOSE'
  | 'PHASE'
  | 'PRIVATE'
  | 'TIMING'
  | 'ZONE'
  | 'DEADLINE'
  | 'ROLLBACK FORMING'
  | 'ROLLFORWARD FORMING';

/** What is wrong with a block's opener; the reply adds the opener's right form. */
export type OpenerProblem =
  | { readonly kind: 'game-and-password-missing' }
  | { readonly kind: 'password-missing' }
  | { readonly kind: 'too-many-words' }
  | { readonly kind: 'power-before-at' }
  | { readonly kind: 'name-before-at' }
  | { readonly kind: 'power-and-game' }
  | { readonly kind: 'newcomer-game' }
  | { readonly kind: 'game-name-too-long'; readonly maxLength: number }
  | { readonly kind: 'game-name-characters' };

/** What is wrong with PRESS's or BROADCAST's options. `what`: the option word(s) as read ("TO", "FAKE TO", "+"). */
export type PressOptionsProblem =
  | { readonly kind: 'needs-powers'; readonly what: string; readonly allBut: boolean }
  | { readonly kind: 'recipients-twice' }
  | { readonly kind: 'sender-twice' }
  | { readonly kind: 'fake-twice' }
  | { readonly kind: 'fake-from-one' }
  | { readonly kind: 'from-one' }
  | { readonly kind: 'not-understood'; readonly word: string }
  | { readonly kind: 'for-whom' };

/** A power list item that names nobody (power-list.ts). */
export type PowerListProblem =
  | { readonly kind: 'not-a-power-name'; readonly token: string; readonly near: readonly string[] }
  | { readonly kind: 'not-an-initial'; readonly token: string }
  | { readonly kind: 'not-name-nor-initials'; readonly token: string; readonly initial: string };

/** njudge commands this judge does not need, answered with what to do instead. */
export type UnneededCommand = 'register' | 'i-am-also' | 'whois' | 'files';

export type CommandProblem =
  /** A date, a length of time or a TIMING the schedule could not read. */
  | { readonly kind: 'schedule'; readonly error: ScheduleError }
  | { readonly kind: 'usage'; readonly usage: CommandUsage }
  | { readonly kind: 'no-arguments'; readonly command: string }
  | { readonly kind: 'too-few-arguments'; readonly command: string; readonly min: number }
  | { readonly kind: 'too-many-arguments'; readonly command: string; readonly max: number }
  | { readonly kind: 'not-a-game-name'; readonly word: string }
  | { readonly kind: 'map-word'; readonly word: string }
  | { readonly kind: 'not-an-address'; readonly address: string }
  | { readonly kind: 'needs-rule'; readonly command: string }
  | { readonly kind: 'not-a-rule'; readonly item: string }
  | { readonly kind: 'takes-one-power'; readonly command: string }
  | { readonly kind: 'absence-needs-to-date'; readonly command: string }
  | { readonly kind: 'absence-needs-date'; readonly command: string }
  | { readonly kind: 'not-a-vote'; readonly written: string }
  | { readonly kind: 'roll-word'; readonly command: 'ROLLBACK' | 'ROLLFORWARD'; readonly word: string }
  | { readonly kind: 'cannot-be-used-here'; readonly command: string }
  | { readonly kind: 'needs-game-name'; readonly command: string }
  | { readonly kind: 'needs-signon'; readonly command: string }
  | { readonly kind: 'orders-need-signon' }
  /** SIGN ON ? found no game forming of the variant with exactly these options (the judge looks, src/judge/players/next-forming.ts). */
  | { readonly kind: 'no-forming-game'; readonly variant: string; readonly options: readonly string[] }
  // CREATE's status lines (parse-setting.ts).
  | { readonly kind: 'not-a-setting'; readonly word: string }
  | { readonly kind: 'takes-one-name'; readonly command: string }
  | { readonly kind: 'needs-text'; readonly command: string }
  // Signon gates (signon-gate.ts).
  | { readonly kind: 'gate-needs-value'; readonly gate: GateName }
  | { readonly kind: 'gate-points'; readonly word: string }
  | { readonly kind: 'gate-ratio'; readonly gate: GateName; readonly word: string }
  | { readonly kind: 'gate-one-value'; readonly gate: GateName }
  // Openers (parse-opener.ts).
  | { readonly kind: 'opener'; readonly opener: OpenerWord; readonly problem: OpenerProblem }
  // The body (parse-body.ts).
  | { readonly kind: 'stray-endpress'; readonly command: string }
  /** `pressDropped`: the misspelt PRESS took its text up to ENDPRESS with it. */
  | { readonly kind: 'misspelt-command'; readonly word: string; readonly near: readonly string[]; readonly pressDropped: boolean }
  | { readonly kind: 'comment-begin-needs-signon' }
  | { readonly kind: 'comment-begin-empty' }
  /** `command`: what refused its text, the press (the default) or a DIARY entry. */
  | { readonly kind: 'press-password-line'; readonly keyword: string; readonly command?: 'DIARY' }
  | { readonly kind: 'press-options'; readonly command: 'PRESS' | 'BROADCAST'; readonly problem: PressOptionsProblem };
