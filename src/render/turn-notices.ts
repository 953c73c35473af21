// The notices of a turn's lateness and of a game waiting on people: the Late Notice, abandonment
// and civil disorder at grace, the reminders of missing orders, vacant powers, a forming or
// paused game, and MANUAL PROCESS's Turn Waiting (src/judge/diplomacy/game-events.ts decides who gets
// which and when). Deadlines arrive formatted in each reader's zone.

/** A power as the notices name it: its name, and its initial for the Subject. */
export interface NamedPower {
  readonly name: string;
  readonly initial: string;
}

/** What a game event tells. */
export type TurnNotice =
  | { readonly kind: 'turn-waiting'; readonly gameName: string }
  | { readonly kind: 'grace-over-abandoned'; readonly gameName: string; readonly vacant: readonly NamedPower[] }
  | {
      readonly kind: 'late';
      readonly gameName: string;
      readonly whose: readonly NamedPower[] | 'your';
      readonly deadline: string | null;
      readonly abandonment: string | null;
      readonly civilDisorder: string | null;
    }
  | {
      readonly kind: 'abandoned';
      readonly gameName: string;
      readonly abandoned: readonly NamedPower[];
      readonly accepted: readonly NamedPower[];
      readonly grace: string | null;
    }
  | { readonly kind: 'civil-disorder'; readonly gameName: string; readonly disorder: readonly NamedPower[] }
  | { readonly kind: 'reminder'; readonly gameName: string; readonly power: string; readonly deadline: string | null }
  | { readonly kind: 'still-vacant'; readonly gameName: string; readonly vacant: readonly NamedPower[] }
  | { readonly kind: 'still-forming'; readonly gameName: string; readonly missing: number }
  | { readonly kind: 'still-paused'; readonly gameName: string };

/** The notice's body, ending in a newline. */
export function renderTurnNotice(notice: TurnNotice): string {
  switch (notice.kind) {
    case 'turn-waiting':
      return `Game '${notice.gameName}' is ready to be processed and waits for your PROCESS (MANUAL PROCESS).\n`;
    case 'grace-over-abandoned':
      return (
        `The grace period of game '${notice.gameName}' is over. ${names(notice.vacant)} ${isAre(notice.vacant)} now considered abandoned and free for takeover.\n` +
        `The game waits for replacements; anyone may take over with:\n${takeoverLines(notice.gameName, notice.vacant)}`
      );
    case 'late':
      return (
        `Diplomacy game '${notice.gameName}' is waiting for ${notice.whose === 'your' ? 'your' : `${names(notice.whose)}'s`} orders.\n` +
        `The deadline was ${notice.deadline}.\n` +
        `If they are not received by ${notice.abandonment}, the late powers will be considered abandoned and free for takeover` +
        (notice.civilDisorder !== null
          ? `,\nand if nothing is received by ${notice.civilDisorder}, they will be in civil disorder: their units hold.\n`
          : '.\n')
      );
    case 'abandoned':
      return (
        `Diplomacy game '${notice.gameName}' is waiting for ${names(notice.abandoned)}'s orders.\n` +
        (notice.accepted.length > 0 ? `The orders of ${names(notice.accepted)} are accepted as they are.\n` : '') +
        `${names(notice.abandoned)} ${isAre(notice.abandoned)} now considered abandoned and free for takeover:\n${takeoverLines(notice.gameName, notice.abandoned)}` +
        `Civil disorder (units hold) if orders are not received by ${notice.grace}.\n`
      );
    case 'civil-disorder':
      return (
        `The grace period of game '${notice.gameName}' is over. ${names(notice.disorder)} ${isAre(notice.disorder)} in civil disorder: their units hold, retreats disband, builds are waived.\n` +
        `A power in civil disorder holds up no later phase; it may be taken over with:\n${takeoverLines(notice.gameName, notice.disorder)}`
      );
    case 'reminder':
      return `Diplomacy game '${notice.gameName}': orders for ${notice.power} are not complete.\nThe deadline is ${notice.deadline}.\n`;
    case 'still-vacant':
      return `Diplomacy game '${notice.gameName}' is still waiting for replacements for ${names(notice.vacant)}.\nAnyone may take over with:\n${takeoverLines(notice.gameName, notice.vacant)}`;
    case 'still-forming':
      return `Diplomacy game '${notice.gameName}' is still forming: it waits for ${notice.missing} more player${notice.missing === 1 ? '' : 's'}.\nPlayers may join with:\n  JOIN ${notice.gameName} <password>\n`;
    case 'still-paused':
      return `Diplomacy game '${notice.gameName}' is paused: nothing is processed until you ACTIVATE it.\n`;
  }
}

/** The Subject's title of a game event's notice. */
export type TurnNoticeTitle =
  | { readonly kind: 'turn-waiting' | 'late' | 'civil-disorder' | 'reminder' | 'paused' }
  | { readonly kind: 'late-powers' | 'replacements'; readonly powers: readonly NamedPower[] }
  | { readonly kind: 'forming'; readonly missing: number };

export function turnNoticeTitle(title: TurnNoticeTitle): string {
  switch (title.kind) {
    case 'turn-waiting':
      return 'Turn Waiting';
    case 'late':
      return 'Late Notice';
    case 'late-powers':
      return `Late Notice: ${initials(title.powers)}`;
    case 'replacements':
      return `Waiting for Replacements: ${initials(title.powers)}`;
    case 'civil-disorder':
      return 'Civil Disorder';
    case 'reminder':
      return 'Reminder';
    case 'forming':
      return `Waiting for ${title.missing} player${title.missing === 1 ? '' : 's'}`;
    case 'paused':
      return 'Game paused';
  }
}

function names(powers: readonly NamedPower[]): string {
  return powers.map((p) => p.name).join(', ');
}

function initials(powers: readonly NamedPower[]): string {
  return powers.map((p) => p.initial).join('');
}

function isAre(powers: readonly unknown[]): string {
  return powers.length === 1 ? 'is' : 'are';
}

/** "  TAKEOVER france@demo <password>", one line per power. */
function takeoverLines(gameName: string, powers: readonly NamedPower[]): string {
  return powers.map((p) => `  TAKEOVER ${p.name.toLowerCase()}@${gameName} <password>\n`).join('');
}
