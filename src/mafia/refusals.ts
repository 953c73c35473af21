import type { ScheduleError } from '../schedule/index.ts';
import type { Instant, Phase } from './state.ts';

/** Why a command changes nothing; worded in src/render/mafia-refusals.ts. */
export type MafiaRefusal =
  | { readonly kind: 'gm-only'; readonly command: string }
  | { readonly kind: 'not-started' }
  | { readonly kind: 'started-already' }
  | { readonly kind: 'game-over' }
  | { readonly kind: 'not-in-game' }
  | { readonly kind: 'joined-already' }
  | { readonly kind: 'bad-nick'; readonly written: string }
  | { readonly kind: 'nick-taken'; readonly nick: string }
  | { readonly kind: 'no-nick' }
  | { readonly kind: 'nick-fixed' }
  | { readonly kind: 'dead-cannot-vote'; readonly nick: string }
  | { readonly kind: 'no-votes-at-night'; readonly phase: Phase }
  | { readonly kind: 'standby-cannot-vote' }
  | { readonly kind: 'unknown-player'; readonly written: string; readonly suggestion: string | null }
  | { readonly kind: 'vote-for-dead'; readonly nick: string }
  | { readonly kind: 'no-lynch-not-allowed' }
  | { readonly kind: 'no-vote-to-withdraw' }
  | { readonly kind: 'dead-cannot-post' }
  | { readonly kind: 'no-dead-chat' }
  | { readonly kind: 'unknown-group'; readonly written: string; readonly groups: readonly string[] }
  | { readonly kind: 'not-in-group'; readonly group: string }
  | { readonly kind: 'bad-group-name'; readonly written: string }
  | { readonly kind: 'death-names-nobody'; readonly line: string; readonly suggestion: string | null }
  | { readonly kind: 'death-names-several'; readonly nicks: readonly string[] }
  | { readonly kind: 'already-dead'; readonly nick: string }
  | { readonly kind: 'not-dead'; readonly nick: string }
  | { readonly kind: 'replacement-names-nobody'; readonly line: string }
  | { readonly kind: 'replacement-plays-already'; readonly nick: string }
  | { readonly kind: 'seat-not-open'; readonly nick: string }
  | { readonly kind: 'gm-cannot-resign' }
  /** Observers and standbys read the game's posts; only its players and GMs write them. */
  | { readonly kind: 'readers-do-not-post'; readonly who: 'observer' | 'standby' }
  | { readonly kind: 'bad-length'; readonly error: ScheduleError }
  | { readonly kind: 'deadline-in-past'; readonly wouldBe: Instant; readonly zone: string }
  | { readonly kind: 'early-not-alone' }
  | { readonly kind: 'not-ended' }
  | { readonly kind: 'too-few-players'; readonly count: number; readonly needed: number }
  | { readonly kind: 'players-without-nick'; readonly count: number }
  | { readonly kind: 'roles-do-not-fit'; readonly roles: number; readonly players: number }
  | { readonly kind: 'unknown-setting'; readonly written: string }
  | { readonly kind: 'bad-setting-value'; readonly setting: string; readonly written: string; readonly expected: string }
  | { readonly kind: 'setting-after-start'; readonly setting: string };
