import { type Duration, parseMasterTimeLine } from '../schedule/index.ts';
import type { MafiaRefusal } from './refusals.ts';
import { closeNick, nickKey, sameNick } from './names.ts';
import type { MafiaState, PersonId, PhaseKind } from './state.ts';

// The Mafia tracker's GM lines (seeds 000 and 001), read one line at a time. Case does not matter;
// other words may stand between the key words. A line may hold several (a death, then the end of
// the day); a line that names nobody where a command needs a player is refused, and changes nothing.
//   PLAYER … DIED | DEAD | BEEN LYNCHED [… He/She was …]   the player dies; the flip kept
//   ##RESURRECT PLAYER                                      alone on its line
//   NEW HAS REPLACED OLD | NEW IS REPLACING OLD             NEW (a standby) takes OLD's seat
//   DAY|NIGHT … HAS ENDED | HAS BEGUN                       the phase named ends (begun: the one before it)
//   DAY|NIGHT … HAS ENDED EARLY                             alone on its line
//   DEADLINE … MOVED <length> LATER|EARLIER                 this and every later deadline
//   GAME HAS ENDED | GAME ENDED | GAME IS OVER
//   UNEND GAME | GAME HAS UNENDED | GAME UNENDED

export type GmAction =
  | { readonly kind: 'death'; readonly seat: number; readonly comment: string; readonly lynched: boolean }
  | { readonly kind: 'resurrect'; readonly seat: number }
  | { readonly kind: 'replace'; readonly newcomer: PersonId; readonly seat: number }
  | { readonly kind: 'phase-line'; readonly phase: PhaseKind; readonly verb: 'ended' | 'begun'; readonly early: boolean }
  | { readonly kind: 'move'; readonly direction: 'later' | 'earlier'; readonly duration: Duration }
  | { readonly kind: 'end-game' }
  | { readonly kind: 'unend-game' };

/** What one line says: its commands in the order to apply them, or why it is refused. */
export type GmLineReading = { readonly ok: true; readonly actions: readonly GmAction[] } | { readonly ok: false; readonly refusal: MafiaRefusal };

const LETTER = '[\\p{L}\\p{N}]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A nick as a whole word (or words, any spacing) in prose. */
function nickPattern(nick: string, flags = 'iu'): RegExp {
  const body = nick.split(/\s+/).map(escapeRegExp).join('\\s*');
  return new RegExp(`(?<!${LETTER})${body}(?!${LETTER})`, flags);
}

const DEATH = /(?<![\p{L}\p{N}])(DIED|DEAD|BEEN\s+LYNCHED)(?![\p{L}\p{N}])/iu;
const FLIP = /(?<![\p{L}\p{N}])(?:HE|SHE|THEY)\s+(?:WAS|WERE)(?![\p{L}\p{N}])\s*(.*)$/iu;
const RESURRECT = /^\s*##\s*RESURRECT\s+(.+?)\s*$/i;
const REPLACEMENT = /\s(?:HAS\s+REPLACED|IS\s+REPLACING)\s/i;
const PHASE_VERB = /(?<![\p{L}\p{N}])(HAS\s+ENDED\s+EARLY|ENDED\s+EARLY|HAS\s+ENDED|HAS\s+BEGUN)(?![\p{L}\p{N}])/iu;
const EARLY_ALONE = /^[^\p{L}\p{N}]*(DAY|NIGHT)(?:\s+\d+)?\s+(?:HAS\s+)?ENDED\s+EARLY[^\p{L}\p{N}]*$/iu;

export function readGmLine(state: MafiaState, line: string): GmLineReading {
  const resurrect = RESURRECT.exec(line);
  if (resurrect) {
    const player = state.players.find((p) => sameNick(p.nick, resurrect[1]!.replace(/[.!]+$/, '')));
    if (!player)
      return {
        ok: false,
        refusal: {
          kind: 'unknown-player',
          written: resurrect[1]!,
          suggestion: closeNick(
            resurrect[1]!,
            state.players.map((p) => p.nick),
          ),
        },
      };
    return { ok: true, actions: [{ kind: 'resurrect', seat: player.seat }] };
  }
  if (REPLACEMENT.test(line)) return readReplacement(state, line);

  const actions: GmAction[] = [];
  // Deaths, sentence by sentence: "Alice has died. Bob has been lynched. He was a Goon."
  const sentences = line.split(/(?<=[.!?;])\s+/);
  let offset = 0;
  for (const sentence of sentences) {
    const start = line.indexOf(sentence, offset);
    offset = start + sentence.length;
    const keyword = DEATH.exec(sentence);
    if (!keyword) continue;
    const before = sentence.slice(0, keyword.index);
    const named = state.players.filter((p) => nickPattern(p.nick).test(before));
    // A nick inside a longer one ("Al" in "Alice") is not a second name.
    const distinct = named.filter(
      (p) => !named.some((other) => other !== p && nickKey(other.nick).includes(nickKey(p.nick)) && nickPattern(other.nick).test(before)),
    );
    if (distinct.length === 0) {
      const words = before.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
      const suggestion =
        words
          .map((w) =>
            closeNick(
              w,
              state.players.map((p) => p.nick),
            ),
          )
          .find((n) => n !== null) ?? null;
      return { ok: false, refusal: { kind: 'death-names-nobody', line: line.trim(), suggestion } };
    }
    if (distinct.length > 1) return { ok: false, refusal: { kind: 'death-names-several', nicks: distinct.map((p) => p.nick) } };
    const flip = FLIP.exec(line.slice(start + keyword.index));
    const comment = (flip ? flip[1]! : line).trim();
    actions.push({ kind: 'death', seat: distinct[0]!.seat, comment: comment === '' ? line.trim() : comment, lynched: /LYNCHED/i.test(keyword[1]!) });
  }

  const phase = PHASE_VERB.exec(line);
  if (phase) {
    const words = line.slice(0, phase.index).match(/(?<![\p{L}\p{N}])(DAY|NIGHT)(?![\p{L}\p{N}])/giu);
    const named = words?.[words.length - 1];
    if (named !== undefined) {
      const verb = /BEGUN/i.test(phase[1]!) ? 'begun' : 'ended';
      const early = /EARLY/i.test(phase[1]!);
      if (early && !/HAS\s+ENDED/i.test(phase[1]!) && !EARLY_ALONE.test(line)) return { ok: false, refusal: { kind: 'early-not-alone' } };
      actions.push({ kind: 'phase-line', phase: named.toLowerCase() as PhaseKind, verb, early: early && EARLY_ALONE.test(line) });
    }
  }

  const time = parseMasterTimeLine(line);
  if (!time.ok) return { ok: false, refusal: { kind: 'bad-length', error: time.error } };
  const command = time.command;
  if (command?.kind === 'deadline-moved') actions.push({ kind: 'move', direction: command.direction, duration: command.duration });
  if (command?.kind === 'game-ended') actions.push({ kind: 'end-game' });
  if (command?.kind === 'game-unended') actions.push({ kind: 'unend-game' });
  // "Day 4: the game has ended" ends the game, not first the day.
  if (actions.some((a) => a.kind === 'end-game' || a.kind === 'unend-game')) return { ok: true, actions: actions.filter((a) => a.kind !== 'phase-line') };
  return { ok: true, actions };
}

/** "NEW HAS REPLACED OLD": NEW ends the words before, OLD opens the words after; both exact names. */
function readReplacement(state: MafiaState, line: string): GmLineReading {
  const match = REPLACEMENT.exec(line)!;
  const before = line.slice(0, match.index).trim();
  const after = line.slice(match.index + match[0].length).trim();
  const endsWith = (nick: string): boolean => new RegExp(`(?:^|[^\\p{L}\\p{N}])${nickPattern(nick).source}\\W*$`, 'iu').test(before);
  const startsWith = (nick: string): boolean => new RegExp(`^\\W*${nickPattern(nick).source}`, 'iu').test(after);
  const old = state.players.find((p) => startsWith(p.nick));
  const playing = state.players.find((p) => endsWith(p.nick));
  if (old && playing) return { ok: false, refusal: { kind: 'replacement-plays-already', nick: playing.nick } };
  const newcomer = state.joined.find((person) => person.nick !== null && endsWith(person.nick));
  if (!old || !newcomer) return { ok: false, refusal: { kind: 'replacement-names-nobody', line: line.trim() } };
  return { ok: true, actions: [{ kind: 'replace', newcomer: newcomer.person, seat: old.seat }] };
}

/** Whether a line is one of the GM lines (refused or not): a player writing it is told it is the GMs', not that it is no command. */
export function isGmCommandLine(state: MafiaState, line: string): boolean {
  const read = readGmLine(state, line);
  return read.ok ? read.actions.length > 0 : read.refusal.kind !== 'death-names-nobody';
}
