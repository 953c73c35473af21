import { clientAdditionAt, isBlank, isQuotedLine, isSignatureLine, splitBodyLines } from './body-lines.ts';
import type { CommandProblem } from './command-problems.ts';
import type {
  Block,
  BodyLine,
  Command,
  CreateOpener,
  GameSetting,
  MessageEnding,
  ParseError,
  ParsedBody,
  PressEnding,
  SessionOpener,
} from './command-types.ts';
import {
  nearKeywords,
  OPENER_KEYWORDS,
  readKeyword,
  readSettingKeyword,
  splitWords,
  unneededNjudgeCommand,
  type Keyword,
  type KeywordMatch,
} from './keywords.ts';
import { parseCommandLine, problemWithoutSignon, spell } from './parse-command.ts';
import { parseOpener, type OpenerKeyword } from './parse-opener.ts';
import { parseSettingLine } from './parse-setting.ts';
import { parsePressOptions } from './press-options.ts';
import { hasOrderShape, isNameLine, isSignOffLead } from './prose.ts';
import { redactLine } from './redact.ts';

// Reads a judge mail body into blocks. A block starts at each SIGNON, JOIN,
// OBSERVE, RESIGN, TAKEOVER or CREATE line and runs to the next one; lines before
// the first opener form an anonymous block for LIST, SUMMARY and friends. SIGNOFF,
// a `-- ` signature, a mail client's quote header ("On … wrote:", "-----Original
// Message-----", Outlook's From:/Sent: block, an underscore rule) or "Sent from my …"
// ends the message. Prose before a block's first command or after its last one
// ("Hi all,", "Thanks, Bob") is set aside, not refused; in a game's block the judge
// decides that with the map (orders are read there). Every line lands in exactly one command,
// setting, press body or error; nothing throws and nothing stops at the first error.

type Draft =
  | { kind: 'anonymous'; commands: Command[] }
  | { kind: 'session'; opener: SessionOpener; commands: Command[] }
  | { kind: 'create'; opener: CreateOpener; settings: GameSetting[] }
  | { kind: 'broken'; line: number; redactedText: string; commands: Command[] };

/** Press lines that would leak a password if sent (DPjudge's satyr guard), by keyword as spelled. */
const PASSWORD_LINE_KEYWORDS = new Set(['SIGNON', 'LOGIN', 'JOIN', 'CREATE', 'TAKEOVER', 'OBSERVE', 'OBSERVER', 'MONITOR', 'RESIGN', 'PURGE', 'RENAME']);

function passwordLineKeyword(text: string): string | null {
  const match = readKeyword(splitWords(text));
  if (!match) return null;
  const spelled = match.keywordWords.join('').toUpperCase();
  if (!PASSWORD_LINE_KEYWORDS.has(spelled)) return null;
  // DPjudge's rule: 3 to 5 words in all, a keyword and at least a game and a password.
  const words = match.keywordWords.length + match.args.length;
  return match.args.length >= 2 && words <= 5 ? spell(match) : null;
}

function opensBlock(match: KeywordMatch<Keyword> | null): match is KeywordMatch<OpenerKeyword> {
  if (!match || !OPENER_KEYWORDS.has(match.keyword)) return false;
  // RESIGN alone and RESIGN power are commands inside a block; RESIGN Fgame pw opens one.
  return match.keyword !== 'resign' || match.args.length >= 2;
}

class BodyReader {
  private readonly blocks: Draft[] = [];
  private readonly errors: ParseError[] = [];
  private index = 0;
  private end: MessageEnding = { kind: 'end-of-text', line: null };
  private readonly proseLines: number[] = [];
  private readonly notes: ParsedBody['notes'][number][] = [];
  /** Prose-looking lines since the block's last command, with the error each would be if not prose. */
  private pendingProse: { bodyLine: BodyLine; problem: CommandProblem }[] = [];
  /** Whether the current block (the anonymous one included) has a command line yet. */
  private blockHasCommand = false;

  constructor(private readonly lines: readonly BodyLine[]) {}

  read(): ParsedBody {
    while (this.index < this.lines.length && this.readLine()) {
      // readLine advances the index and says whether to go on.
    }
    this.settleProse();
    const ignoredLineCount = this.lines.slice(this.index).filter((l) => !isBlank(l.text)).length;
    const blocks: readonly Block[] = this.blocks;
    return { blocks, errors: this.errors, end: this.end, ignoredLineCount, proseLines: this.proseLines, notes: this.notes };
  }

  /** A line that may be prose: kept aside until the block's next command shows whether it stood inside the block. */
  private maybeProse(bodyLine: BodyLine, problem: CommandProblem): void {
    this.pendingProse.push({ bodyLine, problem });
  }

  /** A command line: prose-looking lines since the previous command were inside the block, so they are errors. */
  private commandSeen(): void {
    if (this.blockHasCommand) for (const { bodyLine, problem } of this.pendingProse) this.error(bodyLine, problem);
    else this.proseLines.push(...this.pendingProse.map((p) => p.bodyLine.line));
    this.pendingProse = [];
    this.blockHasCommand = true;
  }

  /** The block ends: prose-looking lines after its last command are prose. */
  private settleProse(): void {
    this.proseLines.push(...this.pendingProse.map((p) => p.bodyLine.line));
    this.pendingProse = [];
  }

  private current(): Draft {
    const last = this.blocks[this.blocks.length - 1];
    if (last) return last;
    const anonymous: Draft = { kind: 'anonymous', commands: [] };
    this.blocks.push(anonymous);
    return anonymous;
  }

  private error(bodyLine: BodyLine, problem: CommandProblem, consumedLines?: readonly number[]): void {
    this.current();
    const error: ParseError = { line: bodyLine.line, text: redactLine(bodyLine.text), problem, block: this.blocks.length - 1 };
    this.errors.push(consumedLines && consumedLines.length > 0 ? { ...error, consumedLines } : error);
  }

  /** Reads the line at the index; false when the message ends there. */
  private readLine(): boolean {
    const bodyLine = this.lines[this.index]!;
    // Quoted lines of a reply (`> …`) are the judge's or another mail's text, never commands.
    if (isBlank(bodyLine.text) || isQuotedLine(bodyLine.text)) {
      this.index++;
      return true;
    }
    if (isSignatureLine(bodyLine.text)) {
      this.end = { kind: 'signature', line: bodyLine.line };
      this.index++;
      return false;
    }
    const addition = clientAdditionAt(this.lines, this.index);
    if (addition) {
      this.end = { kind: addition, line: bodyLine.line };
      return false;
    }
    const match = readKeyword(splitWords(bodyLine.text));
    if (match?.keyword === 'signoff') {
      this.end = { kind: 'signoff', line: bodyLine.line };
      this.index++;
      return false;
    }
    if (opensBlock(match)) {
      this.settleProse();
      this.blockHasCommand = false;
      return this.open(bodyLine, match);
    }

    if (match === null && this.unneededOrMisspelt(bodyLine)) return true;
    const block = this.current();
    if (block.kind === 'create') {
      const result = parseSettingLine(bodyLine);
      this.index++;
      if (result.ok) {
        this.commandSeen();
        block.settings.push(result.setting);
      } else if (match === null && readSettingKeyword(splitWords(bodyLine.text)) === null && this.readsAsProse(bodyLine)) {
        this.maybeProse(bodyLine, result.problem);
      } else {
        this.commandSeen();
        this.error(bodyLine, result.problem);
      }
      return true;
    }
    // In a game's block a line without a keyword is an order, read later against the map.
    if (match === null && block.kind === 'anonymous' && this.readsAsProse(bodyLine)) {
      this.index++;
      this.maybeProse(bodyLine, { kind: 'orders-need-signon' });
      return true;
    }
    this.commandSeen();
    if (match?.keyword === 'press' || match?.keyword === 'broadcast') {
      this.readPress(bodyLine, { ...match, keyword: match.keyword }, block);
      return true;
    }
    if (match === null && isPostalPressLine(bodyLine.text)) {
      this.readPostalPress(bodyLine, block);
      return true;
    }
    if (match === null && splitWords(bodyLine.text)[0]?.toUpperCase() === 'DIARY') {
      this.readDiary(bodyLine, block);
      return true;
    }
    if (match?.keyword === 'set' && match.args.map((w) => w.toUpperCase()).join(' ') === 'COMMENT BEGIN') {
      this.readLongComment(bodyLine, block);
      return true;
    }
    this.index++;
    if (match?.keyword === 'endpress' || match?.keyword === 'endbroadcast') {
      this.error(bodyLine, { kind: 'stray-endpress', command: spell(match) });
      return true;
    }
    // Openers, press and SIGNOFF are handled above; every other keyword is a command.
    const result = parseCommandLine(bodyLine, match);
    if (!result.ok) {
      this.error(bodyLine, result.problem);
      return true;
    }
    if (block.kind === 'anonymous') {
      const problem = problemWithoutSignon(result.command, match ? spell(match) : '');
      if (problem !== null) {
        this.error(bodyLine, problem);
        return true;
      }
    }
    block.commands.push(result.command.kind === 'phase' ? { ...result.command, lines: this.readPhaseLines() } : result.command);
    return true;
  }

  /**
   * njudge's PHASE block: the lines after a PHASE line, up to the next command (another PHASE
   * included), an opener or the end of the message, are that phase's orders and conditions. A CLEAR
   * line inside it withdraws that phase's orders rather than the current ones.
   */
  private readPhaseLines(): BodyLine[] {
    const lines: BodyLine[] = [];
    while (this.index < this.lines.length) {
      const bodyLine = this.lines[this.index]!;
      if (isBlank(bodyLine.text) || isQuotedLine(bodyLine.text)) {
        this.index++;
        continue;
      }
      if (isSignatureLine(bodyLine.text) || clientAdditionAt(this.lines, this.index)) break;
      const match = readKeyword(splitWords(bodyLine.text));
      if (match !== null && !(match.keyword === 'clear' && match.args.length === 0)) break;
      lines.push(bodyLine);
      this.index++;
    }
    return lines;
  }

  /**
   * njudge commands this judge does not need (one note, never an error), and a misspelt command
   * word ("PRSS TO E", "LSIT"): an error with a suggestion, a misspelt PRESS taking its body to
   * ENDPRESS with it so that the text is not read as orders. False when the line is neither.
   */
  private unneededOrMisspelt(bodyLine: BodyLine): boolean {
    const words = splitWords(bodyLine.text);
    const unneeded = unneededNjudgeCommand(words);
    if (unneeded) {
      this.index++;
      const consumedLines: number[] = [];
      // REGISTER's form: `Field: value` lines up to END.
      while (unneeded.form && this.index < this.lines.length) {
        const next = this.lines[this.index]!;
        const isEnd = /^\s*END\s*$/i.test(next.text);
        if (!isEnd && !/^\s*[A-Za-z][\w ]{0,30}:/.test(next.text) && !isBlank(next.text)) break;
        if (!isBlank(next.text)) consumedLines.push(next.line);
        this.index++;
        if (isEnd) break;
      }
      this.notes.push({
        line: bodyLine.line,
        text: redactLine(bodyLine.text),
        name: unneeded.name,
        unneeded: unneeded.unneeded,
        consumedLines,
      });
      return true;
    }
    if (this.blocks[this.blocks.length - 1]?.kind === 'create') return false;
    const near = nearKeywords(words[0] ?? '');
    if (near.length === 0) return false;
    const misspelt = (pressDropped: boolean): CommandProblem => ({ kind: 'misspelt-command', word: words[0]!, near, pressDropped });
    const nearPress = near.includes('PRESS') || near.includes('BROADCAST');
    const end = nearPress ? this.endpressAhead() : null;
    if (end !== null) {
      this.commandSeen();
      const consumed = this.lines
        .slice(this.index + 1, end + 1)
        .filter((l) => !isBlank(l.text))
        .map((l) => l.line);
      this.index = end + 1;
      this.error(bodyLine, misspelt(true), consumed);
      return true;
    }
    // Other near misses only when written in capitals, as commands are: "Hallo," or "Please" are prose.
    if ((hasOrderShape(bodyLine.text) && !nearPress) || !/^\p{Lu}+$/u.test((words[0] ?? '').replace(/[,.!:;]+$/, ''))) return false;
    this.index++;
    this.commandSeen();
    this.error(bodyLine, misspelt(false));
    return true;
  }

  /** Index of the ENDPRESS / ENDBROADCAST line ahead, before the message ends; null when there is none. */
  private endpressAhead(): number | null {
    for (let i = this.index + 1; i < this.lines.length; i++) {
      const text = this.lines[i]!.text;
      if (isSignatureLine(text) || clientAdditionAt(this.lines, i)) return null;
      const keyword = readKeyword(splitWords(text))?.keyword;
      if (keyword === 'signoff') return null;
      if (keyword === 'endpress' || keyword === 'endbroadcast') return i;
    }
    return null;
  }

  /** No keyword and no order shape; a name after a sign-off ("Thanks," / "Paris") counts too. */
  private readsAsProse(bodyLine: BodyLine): boolean {
    // A first word in capitals ("GAME othername", "REGISTER") is a command the judge does not know, not prose.
    const firstWord = (splitWords(bodyLine.text)[0] ?? '').replace(/[,.!:;]+$/, '');
    if (/^\p{Lu}{2,}$/u.test(firstWord)) return false;
    if (!hasOrderShape(bodyLine.text)) return true;
    const previous = this.pendingProse[this.pendingProse.length - 1];
    return previous !== undefined && isSignOffLead(previous.bodyLine.text) && isNameLine(bodyLine.text);
  }

  private open(bodyLine: BodyLine, match: KeywordMatch<OpenerKeyword>): boolean {
    const redactedText = redactLine(bodyLine.text);
    const result = parseOpener(match.keyword, match.args, bodyLine.line, redactedText);
    this.index++;
    if (!result.ok) {
      this.blocks.push({ kind: 'broken', line: bodyLine.line, redactedText, commands: [] });
      this.error(bodyLine, result.problem);
      return true;
    }
    const opener = result.opener;
    this.blocks.push(opener.kind === 'create' ? { kind: 'create', opener, settings: [] } : { kind: 'session', opener, commands: [] });
    if (result.endsMessage) {
      this.end = { kind: 'glued-signoff', line: bodyLine.line };
      return false;
    }
    return true;
  }

  /**
   * njudge's SET COMMENT BEGIN: the lines after it, to SIGNOFF, a signature or the end, are the
   * game's comment (SET COMMENT text on many lines).
   */
  private readLongComment(first: BodyLine, block: Exclude<Draft, { kind: 'create' }>): void {
    const body: string[] = [];
    this.index++;
    while (this.index < this.lines.length) {
      const bodyLine = this.lines[this.index]!;
      if (isSignatureLine(bodyLine.text) || clientAdditionAt(this.lines, this.index)) break;
      if (readKeyword(splitWords(bodyLine.text))?.keyword === 'signoff') break;
      this.index++;
      body.push(bodyLine.text.trimEnd());
    }
    while (body.length > 0 && isBlank(body[0]!)) body.shift();
    while (body.length > 0 && isBlank(body[body.length - 1]!)) body.pop();
    if (block.kind === 'anonymous') {
      this.error(first, { kind: 'comment-begin-needs-signon' });
      return;
    }
    if (body.length === 0) {
      this.error(first, { kind: 'comment-begin-empty' });
      return;
    }
    const text = body.join('\n');
    block.commands.push({
      kind: 'set-option',
      line: first.line,
      text: redactLine(first.text),
      words: ['COMMENT', ...splitWords(text)],
      rest: `COMMENT ${text}`,
    });
  }

  /**
   * Press text runs to ENDPRESS / ENDBROADCAST (consumed with the press) or to
   * SIGNOFF / a signature / the end (left for the main loop, which ends the message).
   */
  /** njudge's POSTAL PRESS: its text runs as a press's does; the judge checks the rest. */
  private readPostalPress(first: BodyLine, block: Exclude<Draft, { kind: 'create' }>): void {
    const { body, consumed } = this.readPressBody();
    const leak = passwordLeak(body);
    if (leak) {
      this.error(first, { kind: 'press-password-line', keyword: leak }, consumed);
      return;
    }
    if (block.kind === 'anonymous') {
      this.error(first, { kind: 'needs-signon', command: 'POSTAL PRESS' }, consumed);
      return;
    }
    const words = splitWords(first.text);
    block.commands.push({
      kind: 'postal-press',
      line: first.line,
      text: redactLine(first.text),
      extraWords: words.slice(words[0]!.toUpperCase() === 'POSTALPRESS' ? 1 : 2),
      body: pressText(body),
    });
  }

  /** njudge's DIARY: RECORD (the default) takes a text as a press does; LIST, READ and DELETE are read by the judge. */
  private readDiary(first: BodyLine, block: Exclude<Draft, { kind: 'create' }>): void {
    const words = splitWords(first.text).slice(1);
    const records = words.length === 0 || (words.length === 1 && words[0]!.toUpperCase() === 'RECORD');
    let body: string | null = null;
    let consumed: number[] = [];
    if (records) {
      const read = this.readPressBody();
      consumed = read.consumed;
      const leak = passwordLeak(read.body);
      if (leak) {
        this.error(first, { kind: 'press-password-line', keyword: leak, command: 'DIARY' }, consumed);
        return;
      }
      body = pressText(read.body);
    } else {
      this.index++;
    }
    if (block.kind === 'anonymous') {
      this.error(first, { kind: 'needs-signon', command: 'DIARY' }, consumed);
      return;
    }
    block.commands.push({ kind: 'diary', line: first.line, text: redactLine(first.text), words, body });
  }

  /** A press's text: to ENDPRESS / ENDBROADCAST (consumed) or to SIGNOFF / a signature / the end (left for the main loop). */
  private readPressBody(): { body: BodyLine[]; end: PressEnding; consumed: number[] } {
    const body: BodyLine[] = [];
    let end: PressEnding = { kind: 'end-of-text', line: null };
    this.index++;
    while (this.index < this.lines.length) {
      const bodyLine = this.lines[this.index]!;
      if (isSignatureLine(bodyLine.text)) {
        end = { kind: 'signature', line: bodyLine.line };
        break;
      }
      const addition = clientAdditionAt(this.lines, this.index);
      if (addition) {
        end = { kind: addition, line: bodyLine.line };
        break;
      }
      const keyword = readKeyword(splitWords(bodyLine.text))?.keyword;
      if (keyword === 'signoff') {
        end = { kind: 'signoff', line: bodyLine.line };
        break;
      }
      this.index++;
      if (keyword === 'endpress' || keyword === 'endbroadcast') {
        end = { kind: keyword, line: bodyLine.line };
        break;
      }
      body.push(bodyLine);
    }
    const consumed = [...body.filter((l) => !isBlank(l.text)).map((l) => l.line)];
    if ((end.kind === 'endpress' || end.kind === 'endbroadcast') && end.line !== null) consumed.push(end.line);
    return { body, end, consumed };
  }

  private readPress(first: BodyLine, match: KeywordMatch<'press' | 'broadcast'>, block: Exclude<Draft, { kind: 'create' }>): void {
    const { body, end, consumed } = this.readPressBody();
    const leak = passwordLeak(body);
    if (leak) {
      this.error(first, { kind: 'press-password-line', keyword: leak }, consumed);
      return;
    }
    const options = parsePressOptions(match.args, match.keyword === 'broadcast');
    if (!options.ok) {
      this.error(first, options.problem, consumed);
      return;
    }
    if (block.kind === 'anonymous') {
      this.error(first, { kind: 'needs-signon', command: spell(match) }, consumed);
      return;
    }
    block.commands.push({
      kind: 'press',
      line: first.line,
      text: redactLine(first.text),
      broadcast: match.keyword === 'broadcast',
      options: options.options,
      lines: body,
      body: pressText(body),
      end,
    });
  }
}

/** njudge's POSTAL PRESS line (also run together, POSTALPRESS). */
function isPostalPressLine(text: string): boolean {
  const words = splitWords(text).map((w) => w.toUpperCase());
  return words[0] === 'POSTALPRESS' || (words[0] === 'POSTAL' && words[1] === 'PRESS');
}

/** Reads a mail body (already decoded to text) into blocks of commands; never throws. */
export function parseBody(text: string): ParsedBody {
  return new BodyReader(splitBodyLines(text)).read();
}

/** A press text as sent: its lines without the blank ones at either end. */
function pressText(lines: readonly BodyLine[]): string {
  const texts = lines.map((l) => l.text);
  while (texts.length > 0 && isBlank(texts[0]!)) texts.shift();
  while (texts.length > 0 && isBlank(texts[texts.length - 1]!)) texts.pop();
  return texts.join('\n');
}

/** The keyword of the first line of a press text that carries a password (an ENDPRESS forgotten before a SIGNON), if any. */
function passwordLeak(lines: readonly BodyLine[]): string | undefined {
  return lines.map((l) => passwordLineKeyword(l.text)).find((k) => k !== null) ?? undefined;
}
