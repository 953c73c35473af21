import { type Duration, parseDate, parseDuration, parseZone } from '../schedule/index.ts';
import type { MafiaRefusal } from './refusals.ts';
import type { Instant, MafiaSettings } from './state.ts';

// The GM's settings, written after CREATE … mafia or with SET in the GM's block:
//   SET DAY 2D            SET NIGHT 1D 12H          the lengths of day and night
//   SET FIRST END OF DAY Fri 20:00                  (also EOD1 …) in the game's zone
//   SET ZONE Europe/Berlin                          the main GM's zone; the schedule follows its DST
//   SET PLAYERS 10 | OFF                            start by itself at that many named players
//   SET LYNCH MAJORITY | PLURALITY                  SET NO LYNCH ON | OFF
//   SET HAMMER ON | OFF                             a majority ends the day at once
//   SET VOTE COUNTS PUBLIC | GM                     SET DEAD CHAT ON | OFF
//   SET REMINDER 6H | OFF                           to the living who have not voted, before the end of day
//   SET ROLES Goon, Goon, Cop, 7 Villager           dealt at random at START (secret)

export type SettingChange =
  | { readonly setting: 'day' | 'night'; readonly length: Duration }
  | { readonly setting: 'first-end-of-day'; readonly at: Instant }
  | { readonly setting: 'zone'; readonly zone: string }
  | { readonly setting: 'players'; readonly count: number | null }
  | { readonly setting: 'lynch'; readonly mode: 'majority' | 'plurality' }
  | { readonly setting: 'no-lynch' | 'hammer' | 'dead-chat'; readonly on: boolean }
  | { readonly setting: 'vote-counts'; readonly who: 'public' | 'gm' }
  | { readonly setting: 'reminder'; readonly length: Duration | null }
  | { readonly setting: 'roles'; readonly roles: readonly string[] };

export type SettingResult = { readonly ok: true; readonly change: SettingChange } | { readonly ok: false; readonly refusal: MafiaRefusal };

const KEYWORDS: readonly [RegExp, string][] = [
  [/^(?:FIRST\s+END\s+OF\s+DAY|EOD\s*1|FIRST\s+DEADLINE)\b/i, 'first-end-of-day'],
  [/^DAY(?:\s+LENGTH)?\b/i, 'day'],
  [/^NIGHT(?:\s+LENGTH)?\b/i, 'night'],
  [/^(?:ZONE|TIME\s*ZONE)\b/i, 'zone'],
  [/^PLAYERS\b/i, 'players'],
  [/^NO[\s-]*LYNCH\b/i, 'no-lynch'],
  [/^LYNCH\b/i, 'lynch'],
  [/^HAMMER\b/i, 'hammer'],
  [/^VOTE\s*COUNTS?\b/i, 'vote-counts'],
  [/^DEAD\s*CHAT\b/i, 'dead-chat'],
  [/^REMINDERS?\b/i, 'reminder'],
  [/^ROLES\b/i, 'roles'],
];

/** Whether a SET line names one of the Mafia settings (the rest of SET belongs to the shared commands). */
export function isMafiaSetting(text: string): boolean {
  return KEYWORDS.some(([pattern]) => pattern.test(text.trim()));
}

export function parseMafiaSetting(text: string, context: { readonly now: Date; readonly zone: string }): SettingResult {
  const trimmed = text.trim();
  const found = KEYWORDS.find(([pattern]) => pattern.test(trimmed));
  if (found === undefined) return { ok: false, refusal: { kind: 'unknown-setting', written: trimmed.split(/\s+/)[0] ?? '' } };
  const [pattern, setting] = found;
  const value = trimmed.replace(pattern, '').trim();
  const bad = (expected: string): SettingResult => ({ ok: false, refusal: { kind: 'bad-setting-value', setting, written: value, expected } });
  const onOff = (): boolean | null => (/^(ON|YES)$/i.test(value) ? true : /^(OFF|NO)$/i.test(value) ? false : null);
  switch (setting) {
    case 'day':
    case 'night': {
      const length = parseDuration(value);
      if (!length.ok || length.duration.days * 1440 + length.duration.hours * 60 + length.duration.minutes < 10) return bad('length');
      return { ok: true, change: { setting, length: length.duration } };
    }
    case 'first-end-of-day': {
      const date = parseDate(value, { now: context.now, zone: context.zone, defaultTime: 20 * 60, earliest: 'after-now' });
      if (!date.ok) return bad('date');
      return { ok: true, change: { setting, at: date.date.instant.toISOString() } };
    }
    case 'zone': {
      const zone = parseZone(value);
      return zone.ok ? { ok: true, change: { setting, zone: zone.zone } } : bad('zone');
    }
    case 'players': {
      if (/^OFF$/i.test(value)) return { ok: true, change: { setting, count: null } };
      const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      return count >= 3 && count <= 100 ? { ok: true, change: { setting, count } } : bad('players');
    }
    case 'lynch':
      if (/^MAJORITY$/i.test(value)) return { ok: true, change: { setting, mode: 'majority' } };
      if (/^PLURALITY$/i.test(value)) return { ok: true, change: { setting, mode: 'plurality' } };
      return bad('lynch');
    case 'no-lynch':
    case 'hammer':
    case 'dead-chat': {
      const on = onOff();
      return on === null ? bad('on-off') : { ok: true, change: { setting, on } };
    }
    case 'vote-counts':
      if (/^PUBLIC$/i.test(value)) return { ok: true, change: { setting, who: 'public' } };
      if (/^(GM|GMS|MASTER)$/i.test(value)) return { ok: true, change: { setting, who: 'gm' } };
      return bad('vote-counts');
    case 'reminder': {
      if (/^(OFF|NO|NONE)$/i.test(value)) return { ok: true, change: { setting, length: null } };
      const length = parseDuration(value);
      return length.ok ? { ok: true, change: { setting, length: length.duration } } : bad('length');
    }
    default: {
      const roles = parseRoleList(value);
      return roles === null ? bad('roles') : { ok: true, change: { setting: 'roles', roles } };
    }
  }
}

/** "Goon, Goon, Cop, 7 Villager" → nine roles; null when a part is empty. */
function parseRoleList(value: string): string[] | null {
  if (value === '') return null;
  const roles: string[] = [];
  for (const part of value.split(',').map((p) => p.trim())) {
    const counted = /^(\d+)\s*[x×]?\s+(.+)$/i.exec(part);
    const role = (counted?.[2] ?? part).trim();
    const count = counted ? Number(counted[1]) : 1;
    if (role === '' || count < 1 || count > 100) return null;
    for (let i = 0; i < count; i++) roles.push(role);
  }
  return roles;
}

export function applySetting(settings: MafiaSettings, change: SettingChange): MafiaSettings {
  switch (change.setting) {
    case 'day':
      return { ...settings, dayLength: change.length };
    case 'night':
      return { ...settings, nightLength: change.length };
    case 'first-end-of-day':
      return { ...settings, firstEndOfDay: change.at };
    case 'zone':
      return { ...settings, zone: change.zone };
    case 'players':
      return { ...settings, players: change.count };
    case 'lynch':
      return { ...settings, lynch: change.mode };
    case 'no-lynch':
      return { ...settings, noLynch: change.on };
    case 'hammer':
      return { ...settings, hammer: change.on };
    case 'dead-chat':
      return { ...settings, deadChat: change.on };
    case 'vote-counts':
      return { ...settings, voteCounts: change.who };
    case 'reminder':
      return { ...settings, reminder: change.length };
    case 'roles':
      return { ...settings, roles: change.roles };
  }
}

/** Settings that shape the schedule or the players can only change before START. */
export function changeableAfterStart(change: SettingChange): boolean {
  return !['first-end-of-day', 'players', 'roles', 'zone'].includes(change.setting);
}
