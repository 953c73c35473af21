import type { GameMap } from '../engine/map.ts';
import type { Coast, LocationId, Order, PhaseType, ProvinceId, UnitRef } from '../engine/types.ts';
import { unitTypeOf, type Keyword } from './keywords.ts';
import { lexiconOf, type Lexicon } from './lexicon.ts';
import { mapNames, type MapNames } from './map-names.ts';
import type { OrderProblem, WrittenKeyword } from './order-problems.ts';
import { CLOSE, COLON, DASH, OPEN, SEPARATOR, SLASH, TokenBuffer, WORD, tokenise } from './tokens.ts';

// Turns the text players write ("A Lon-Nth-Nwy", "F StP/sc S A Mos - Fin", "build army london")
// into typed orders. Syntax only: whether the unit exists or the move is legal is the caller's question.
// Errors are values, never exceptions: an OrderProblem says what was not understood, with the player's
// own text, and src/render/order-problems.ts words it.

export type ParsedOrder =
  | { readonly ok: true; readonly text: string; readonly power: string | null; readonly order: Order }
  | { readonly ok: false; readonly text: string; readonly power: string | null; readonly error: OrderProblem };

const NO_ROUTE: readonly ProvinceId[] = Object.freeze([]);
/** Longer lines are refused rather than tokenised: no order is this long, and the token buffer stays small. */
export const MAX_LINE_LENGTH = 16_384;
const DOTS = /\./g;

/** Shared by every call: parsing is synchronous and never re-entered. */
const buffer = new TokenBuffer();

// The map of the previous call: a game parses all its orders against one map, and comparing
// references is cheaper than asking the WeakMaps each time.
let lastMap: GameMap | null = null;
let lastParser: OrderParser | null = null;

function parserFor(map: GameMap): OrderParser {
  if (map !== lastMap || lastParser === null) {
    lastParser = new OrderParser(buffer, lexiconOf(map), mapNames(map));
    lastMap = map;
  }
  return lastParser;
}

/**
 * The orders on one line. Orders are separated by `,` or `;`; each may start with a power name and a
 * colon (`England: F Lon - Nth`), which then also applies to the orders after it on the line.
 * `text` is the order as written, without the power prefix. Never throws.
 */
export function parseOrderLine(line: string, map: GameMap, phase: PhaseType): ParsedOrder[] {
  if (line.length > MAX_LINE_LENGTH) {
    return [{ ok: false, text: `${line.slice(0, 40)}…`, power: null, error: { kind: 'line-too-long', length: line.length } }];
  }
  const parser = parserFor(map);
  tokenise(line, parser.lexicon, buffer);
  // Most lines hold one order: its list is made when it is complete, at its size.
  let only: ParsedOrder | null = null;
  let results: ParsedOrder[] | null = null;
  let power: string | null = null;
  let textStart = 0; // where the current order's text starts in the line
  let first = 0; // its first token
  let prefixRead = false;
  const count = buffer.count;
  for (let t = 0; t <= count; t++) {
    const kind = t < count ? buffer.kind[t] : SEPARATOR;
    if (kind === COLON && !prefixRead) {
      power = line.slice(textStart, buffer.start[t]).trim() || null;
      textStart = buffer.end[t]!;
      first = t + 1;
      prefixRead = true;
      continue;
    }
    if (kind !== SEPARATOR) continue;
    if (t > first) {
      // From the first to the last token: blanks and a closing full stop are not part of the order.
      const text = line.slice(buffer.start[first], buffer.end[t - 1]);
      const order = parser.parse(line, phase, first, t);
      const parsed: ParsedOrder = order ? { ok: true, text, power, order } : { ok: false, text, power, error: parser.error! };
      if (only === null) only = parsed;
      else (results ??= [only]).push(parsed);
    }
    textStart = t < count ? buffer.end[t]! : line.length;
    first = t + 1;
    prefixRead = false;
  }
  if (results !== null) return results;
  if (only !== null) return [only];
  const error: OrderProblem = power === null ? { kind: 'empty' } : { kind: 'nothing-after-power', power };
  return [{ ok: false, text: '', power, error }];
}

/** The power of a line that holds nothing but a power heading such as `England:` (DATC style); otherwise null. */
export function powerHeader(line: string): string | null {
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const power = line.slice(0, colon).trim();
  const rest = line.slice(colon + 1).trim();
  return power !== '' && (rest === '' || rest === '.') ? power : null;
}

/** Reads one order from tokens `first` to `last` (exclusive) of the buffer. */
class OrderParser {
  error: OrderProblem | null = null;
  private source = '';
  private i = 0;
  private first = 0;
  private last = 0;
  /** Province of the location read last, so callers that need no coast skip `provinceOf`. */
  private lastProvince = '' as ProvinceId;

  constructor(
    private readonly tokens: TokenBuffer,
    readonly lexicon: Lexicon,
    private readonly names: MapNames,
  ) {}

  parse(source: string, phase: PhaseType, first: number, last: number): Order | null {
    this.source = source;
    this.i = this.first = first;
    this.last = last;
    this.error = null;
    if (phase === 'adjustment') return this.adjustment();
    return this.movementOrRetreat(phase === 'retreat');
  }

  // ---- phases ----

  private movementOrRetreat(retreat: boolean): Order | null {
    const first = this.keyword();
    if (first === 'build' || first === 'remove' || first === 'waive') return this.adjustmentOnly(this.i);
    if (first === 'disband') {
      if (!retreat) return this.disbandNotHere(this.i);
      this.i++;
      const unit = this.unit();
      return unit && this.end({ kind: 'disband', unit });
    }
    const unit = this.unit();
    if (!unit) return null;
    if (this.atEnd()) {
      return this.fail({ kind: 'expected-order-word', retreat, written: this.written(), found: null });
    }
    const next = this.i;
    const keyword = this.keyword();
    if (this.atMoveWord()) return this.move(unit, retreat);
    switch (keyword) {
      case 'hold':
        if (retreat) return this.fail({ kind: 'dislodged-hold' });
        this.i++;
        return this.end({ kind: 'hold', unit });
      case 'support':
      case 'convoy':
        if (retreat) return this.fail({ kind: 'not-in-retreat', keyword: this.writtenKeyword(next) });
        this.i++;
        return keyword === 'support' ? this.support(unit) : this.convoy(unit);
      case 'disband':
        if (!retreat) return this.disbandNotHere(next);
        this.i++;
        return this.end({ kind: 'disband', unit });
      case 'build':
      case 'remove':
      case 'waive':
        return this.adjustmentOnly(next);
      default:
        return this.fail({ kind: 'expected-order-word', retreat, written: this.written(), found: this.quote(next) });
    }
  }

  private adjustment(): Order | null {
    const first = this.keyword();
    if (first === 'waive') {
      this.i++;
      if (this.keyword() === 'build') this.i++;
      return this.end({ kind: 'waive' });
    }
    if (first === 'build') {
      this.i++;
      if (this.keyword() === 'waive') {
        this.i++;
        return this.end({ kind: 'waive' });
      }
      const unit = this.unit();
      return unit && this.build(unit);
    }
    if (first === 'remove' || first === 'disband') {
      this.i++;
      const unit = this.unit();
      return unit && this.end({ kind: 'remove', unit });
    }
    if (this.atMovementWord()) return this.movementOnly();
    const unit = this.unit();
    if (!unit) return null;
    if (this.atEnd()) return { kind: 'adjust', unit };
    const keyword = this.keyword();
    if (keyword === 'build') {
      this.i++;
      return this.build(unit);
    }
    if (keyword === 'remove' || keyword === 'disband') {
      this.i++;
      return this.end({ kind: 'remove', unit });
    }
    if (this.atMovementWord()) return this.movementOnly();
    return this.end({ kind: 'adjust', unit });
  }

  // ---- order kinds ----

  private move(unit: UnitRef, retreat: boolean): Order | null {
    this.moveWord();
    let to = this.location();
    if (to === null) return null;
    let route: ProvinceId[] | null = null;
    while (this.atMoveWord()) {
      (route ??= []).push(this.lastProvince);
      this.moveWord();
      to = this.location();
      if (to === null) return null;
    }
    let viaConvoy = false;
    if (this.keyword() === 'via') {
      this.i++;
      if (this.keyword() !== 'convoy') return this.fail({ kind: 'via-without-convoy', written: this.written() });
      this.i++;
      viaConvoy = true;
    }
    if (retreat) {
      if (route !== null || viaConvoy) return this.fail({ kind: 'retreat-convoyed' });
      return this.end({ kind: 'retreat', unit, to });
    }
    return this.end({ kind: 'move', unit, to, viaConvoy: viaConvoy || route !== null, route: route ?? NO_ROUTE });
  }

  private support(unit: UnitRef): Order | null {
    const supported = this.unit();
    if (!supported) return null;
    if (this.atEnd()) return { kind: 'support', unit, supported, to: null };
    if (this.keyword() === 'hold') {
      this.i++;
      return this.end({ kind: 'support', unit, supported, to: null });
    }
    if (!this.atMoveWord()) {
      return this.fail({ kind: 'support-end', written: this.written(), found: this.quote(this.i) });
    }
    this.moveWord();
    // The coast is kept: a support naming a coast only matches a move to that coast (DATC 4.B.4).
    const to = this.location();
    if (to === null) return null;
    return this.end({ kind: 'support', unit, supported, to });
  }

  private convoy(unit: UnitRef): Order | null {
    const armyStart = this.i;
    const army = this.unit();
    if (!army) return null;
    if (army.type === 'F') return this.fail({ kind: 'convoy-of-fleet', fleet: this.writtenFrom(armyStart) });
    if (!this.atMoveWord()) {
      return this.fail({ kind: 'convoy-destination', written: this.written(), found: this.atEnd() ? null : this.quote(this.i) });
    }
    this.moveWord();
    if (this.location() === null) return null;
    return this.end({ kind: 'convoy', unit, army, to: this.lastProvince });
  }

  private build(unit: UnitRef): Order | null {
    if (unit.type === null) {
      return this.fail({ kind: 'build-needs-type', provinceName: this.names.name(this.lastProvince) });
    }
    return this.end({ kind: 'build', unit });
  }

  // ---- units and locations ----

  /** `[A|F|Army|Fleet] location`. */
  private unit(): UnitRef | null {
    const type = unitTypeOf(this.keyword());
    if (type !== null) this.i++;
    const location = this.location();
    return location === null ? null : { type, location };
  }

  /** A province by id, name or alias (longest match first), with an optional coast. */
  private location(): LocationId | null {
    const at = this.i;
    if (at >= this.last || this.tokens.kind[at] !== WORD) {
      const found = at < this.last ? this.quote(at) : null;
      if (at === this.first) return this.fail(found === null ? { kind: 'empty' } : { kind: 'expected-province', after: null, found });
      return this.fail({ kind: 'expected-province', after: this.written(), found });
    }
    const province = this.phrase();
    if (province === null) return this.unknownProvince(at);
    const coast = this.coast();
    if (coast === undefined) return null;
    if (coast === null) return province;
    const location = this.names.location(province, coast);
    if (location === undefined) return this.fail({ kind: 'no-such-coast', provinceName: this.names.name(province), coast });
    return location;
  }

  /**
   * Reads the longest run of words from the cursor that names a province, and moves past it.
   * A hyphen written without blanks may join words ("Mid-Atlantic"); one with blanks is a move.
   */
  private phrase(): ProvinceId | null {
    const { tokens, lexicon } = this;
    let j = this.i;
    let node = lexicon.extend(0, tokens.word[j]!);
    if (node < 0) return this.phraseByText();
    let found = lexicon.province(node);
    let foundEnd = j + 1;
    for (let words = 1; words < lexicon.maxWords && lexicon.continues(node); words++) {
      const next = this.nextPhraseWord(j);
      if (next < 0) break;
      j = next;
      node = lexicon.extend(node, tokens.word[j]!);
      if (node < 0) return this.phraseByText();
      const province = lexicon.province(node);
      if (province !== null) {
        found = province;
        foundEnd = j + 1;
      }
    }
    if (found === null) return null;
    this.i = foundEnd;
    this.lastProvince = found;
    return found;
  }

  /** The same search with strings, for when the lexicon's tables are full. */
  private phraseByText(): ProvinceId | null {
    let j = this.i;
    let phrase = this.wordText(j);
    let found = this.lexicon.lookup(phrase);
    let foundEnd = j + 1;
    for (let words = 1; words < this.lexicon.maxWords; words++) {
      const next = this.nextPhraseWord(j);
      if (next < 0) break;
      j = next;
      phrase = `${phrase} ${this.wordText(j)}`;
      const province = this.lexicon.lookup(phrase);
      if (province !== null) {
        found = province;
        foundEnd = j + 1;
      }
    }
    if (found === null) return null;
    this.i = foundEnd;
    this.lastProvince = found;
    return found;
  }

  /** The token of the next word of a name after word `j`, or -1. */
  private nextPhraseWord(j: number): number {
    const { kind, glued } = this.tokens;
    const next = j + 1;
    if (next >= this.last) return -1;
    if (kind[next] === WORD) return next;
    if (kind[next] === DASH && glued[next] === 1 && next + 1 < this.last && kind[next + 1] === WORD && glued[next + 1] === 1) return next + 1;
    return -1;
  }

  private wordText(j: number): string {
    const word = this.tokens.word[j]!;
    return word >= 0 ? this.lexicon.text(word) : this.quote(j).toLowerCase().replace(DOTS, '');
  }

  private unknownProvince(at: number): null {
    if (this.keyword() !== undefined) {
      return this.fail({ kind: 'expected-province', after: at === this.first ? null : this.written(), found: this.quote(at) });
    }
    // Quote the run of words that could have been meant as a name ("Nrth Sea"), stopping at order words.
    let end = this.tokens.end[at]!;
    for (let j = at + 1, words = 1; words < this.lexicon.maxWords && j < this.last; j++, words++) {
      if (this.tokens.kind[j] !== WORD || this.lexicon.keyword(this.tokens.word[j]!) !== undefined) break;
      end = this.tokens.end[j]!;
    }
    const written = this.source.slice(this.tokens.start[at], end);
    const suggestion = this.names.suggest(written) ?? (end !== this.tokens.end[at] ? this.names.suggest(this.quote(at)) : null);
    return this.fail({ kind: 'unknown-province', written, suggestions: suggestion ?? [] });
  }

  /** `/nc`, `/n`, `/north coast`, `(nc)`, `(north coast)`, ` nc`, ` north coast`; null when none is written, undefined after an error. */
  private coast(): Coast | null | undefined {
    const at = this.i;
    if (at >= this.last) return null;
    const kind = this.tokens.kind[at];
    if (kind === SLASH || kind === OPEN) {
      this.i++;
      const coast = this.coastWords();
      if (coast === null) {
        const end = this.i < this.last && this.tokens.kind[this.i] === WORD ? this.tokens.end[this.i]! : this.tokens.end[at]!;
        this.fail({ kind: 'not-a-coast', written: this.source.slice(this.tokens.start[at], end) });
        return undefined;
      }
      if (kind === OPEN) {
        if (this.i >= this.last || this.tokens.kind[this.i] !== CLOSE) {
          this.fail({ kind: 'unclosed-parenthesis', written: this.written() });
          return undefined;
        }
        this.i++;
      }
      return coast;
    }
    if (kind !== WORD) return null;
    const word = this.tokens.word[at]!;
    if (this.lexicon.isShortCoast(word)) return this.coastWords();
    if (this.lexicon.isDirection(word) && this.wordIsCoastNoun(at + 1)) return this.coastWords();
    return null;
  }

  private coastWords(): Coast | null {
    if (this.i >= this.last || this.tokens.kind[this.i] !== WORD) return null;
    const coast = this.lexicon.coast(this.tokens.word[this.i]!);
    if (coast === undefined) return null;
    this.i++;
    if (this.wordIsCoastNoun(this.i)) this.i++;
    return coast;
  }

  private wordIsCoastNoun(j: number): boolean {
    return j < this.last && this.tokens.kind[j] === WORD && this.lexicon.isCoastNoun(this.tokens.word[j]!);
  }

  // ---- cursor helpers ----

  private atEnd(): boolean {
    return this.i >= this.last;
  }

  private keyword(): Keyword | undefined {
    const at = this.i;
    return at < this.last && this.tokens.kind[at] === WORD ? this.lexicon.keyword(this.tokens.word[at]!) : undefined;
  }

  private atMoveWord(): boolean {
    if (this.i >= this.last) return false;
    if (this.tokens.kind[this.i] === DASH) return true;
    const keyword = this.keyword();
    return keyword === 'move' || keyword === 'to';
  }

  /** `-`, `->`, `m`, `move`, `moves to`, `to`. */
  private moveWord(): void {
    const keyword = this.keyword();
    this.i++;
    if (keyword === 'move' && this.keyword() === 'to') this.i++;
  }

  private atMovementWord(): boolean {
    if (this.atMoveWord()) return true;
    const keyword = this.keyword();
    return keyword === 'hold' || keyword === 'support' || keyword === 'convoy' || keyword === 'via';
  }

  /** The order text up to and including the last token read. */
  private written(): string {
    return this.writtenFrom(this.first);
  }

  /** The text from token `from` up to and including the last token read. */
  private writtenFrom(from: number): string {
    if (this.i <= from) return '';
    return this.source.slice(this.tokens.start[from], this.tokens.end[this.i - 1]);
  }

  private quote(at: number): string {
    return this.source.slice(this.tokens.start[at], this.tokens.end[at]);
  }

  private end(order: Order): Order | null {
    if (this.i >= this.last) return order;
    const rest = this.source.slice(this.tokens.start[this.i], this.tokens.end[this.last - 1]);
    return this.fail({ kind: 'trailing-text', rest, written: this.written() });
  }

  private fail(problem: OrderProblem): null {
    this.error = problem;
    return null;
  }

  private disbandNotHere(at: number): null {
    return this.fail({ kind: 'retreat-or-adjustment-only', keyword: this.writtenKeyword(at) });
  }

  private adjustmentOnly(at: number): null {
    return this.fail({ kind: 'adjustment-only', keyword: this.writtenKeyword(at) });
  }

  private movementOnly(): null {
    return this.fail({ kind: 'movement-in-adjustment' });
  }

  /** The keyword as written, and what it was read as for an abbreviation or synonym (`D`: disband), so the player sees it. */
  private writtenKeyword(at: number): WrittenKeyword {
    const word = this.tokens.word[at]!;
    const keyword = this.lexicon.keyword(word);
    const written = this.quote(at);
    return { written, meant: keyword === undefined || this.lexicon.text(word).startsWith(keyword) ? null : keyword };
  }
}
