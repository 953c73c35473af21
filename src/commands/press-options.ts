import type { CommandProblem, PressOptionsProblem } from './command-problems.ts';
import type { FakeRecipients, PressOptions, PressSender, Recipients } from './command-types.ts';

// The options of a PRESS or BROADCAST line, in any order, each group at most once:
//   TO list | +list | TO ALL | TO ALL BUT list | -list      (real recipients)
//   FAKE TO list | FAKE +list | FAKE BROADCAST | FAKE | NO FAKE   (claimed recipients)
//   FROM p | FAKE FROM p | WHITE | GREY | GRAY               (claimed sender)
//   QUIET                                                    (no echo to the sender)
// DPjudge and njudge spellings are both read. Lists are items separated by commas
// or spaces (`TO France, Austria`, `TO FAI`, `TO F A`), kept unresolved.

export type PressOptionsResult = { readonly ok: true; readonly options: PressOptions } | { readonly ok: false; readonly problem: CommandProblem };

const OPTION_WORDS = new Set(['TO', 'FAKE', 'FROM', 'WHITE', 'GREY', 'GRAY', 'QUIET', 'BROADCAST', 'PARTIAL', 'NO', 'ALL', 'BUT', '+', '-', ',']);

/** Words with commas and a leading + or - split off: `+FAI,E` gives `+ FAI , E`. */
function tokenize(args: readonly string[]): string[] {
  const tokens: string[] = [];
  for (const arg of args) {
    const spaced = arg.replace(/,/g, ' , ').replace(/^([+-])(?=\S)/, '$1 ');
    tokens.push(...spaced.split(/\s+/).filter((t) => t !== ''));
  }
  return tokens;
}

type NeedsPowers = Extract<PressOptionsProblem, { kind: 'needs-powers' }>;

class OptionReader {
  private index = 0;
  constructor(private readonly tokens: readonly string[]) {}

  peek(): string | undefined {
    return this.tokens[this.index]?.toUpperCase();
  }

  next(): string | undefined {
    return this.tokens[this.index++];
  }

  done(): boolean {
    return this.index >= this.tokens.length;
  }

  private isItem(token: string | undefined): boolean {
    return token !== undefined && !OPTION_WORDS.has(token.toUpperCase());
  }

  /** Items up to the next option word; commas between items are optional. */
  readList(): string[] {
    const items: string[] = [];
    for (;;) {
      if (this.peek() === ',') {
        this.index++;
        continue;
      }
      if (!this.isItem(this.tokens[this.index])) return items;
      items.push(this.next()!);
    }
  }

  /** After TO or FAKE TO: `ALL`, `ALL BUT list` or a list. */
  readRecipientsAfterTo(what: string): Recipients | NeedsPowers {
    if (this.peek() === 'ALL') {
      this.index++;
      if (this.peek() !== 'BUT') return { kind: 'all' };
      this.index++;
      const tokens = this.readList();
      return tokens.length > 0 ? { kind: 'all-but', tokens } : { kind: 'needs-powers', what, allBut: true };
    }
    const tokens = this.readList();
    return tokens.length > 0 ? { kind: 'only', tokens } : { kind: 'needs-powers', what, allBut: false };
  }

  readListAs(kind: 'only' | 'all-but', what: string): Recipients | NeedsPowers {
    const tokens = this.readList();
    return tokens.length > 0 ? { kind, tokens } : { kind: 'needs-powers', what, allBut: false };
  }
}

function fakeFrom(recipients: Recipients): FakeRecipients {
  return recipients.kind === 'all' ? { kind: 'broadcast' } : { kind: 'list', recipients };
}

export function parsePressOptions(args: readonly string[], broadcast: boolean): PressOptionsResult {
  const command = broadcast ? 'BROADCAST' : 'PRESS';
  const reader = new OptionReader(tokenize(args));
  let to: Recipients | null = null;
  let fake: FakeRecipients | null = null;
  let sender: PressSender | null = null;
  let quiet = false;

  const fail = (problem: PressOptionsProblem): PressOptionsResult => ({ ok: false, problem: { kind: 'press-options', command, problem } });

  while (!reader.done()) {
    const word = reader.next()!;
    const upper = word.toUpperCase();
    if (upper === ',') continue;
    if (upper === 'TO' || upper === '+' || upper === '-') {
      if (to) return fail({ kind: 'recipients-twice' });
      const recipients = upper === 'TO' ? reader.readRecipientsAfterTo('TO') : reader.readListAs(upper === '+' ? 'only' : 'all-but', upper);
      if (recipients.kind === 'needs-powers') return fail(recipients);
      to = recipients;
    } else if (upper === 'FAKE' && reader.peek() === 'FROM') {
      reader.next();
      if (sender) return fail({ kind: 'sender-twice' });
      const token = reader.readList();
      if (token.length !== 1) return fail({ kind: 'fake-from-one' });
      sender = { kind: 'fake-from', token: token[0]! };
    } else if (upper === 'FAKE' || (upper === 'NO' && reader.peek() === 'FAKE')) {
      if (fake) return fail({ kind: 'fake-twice' });
      if (upper === 'NO') {
        reader.next();
        fake = { kind: 'none' };
        continue;
      }
      const after = reader.peek();
      if (after === 'TO' || after === '+' || after === '-' || after === 'PARTIAL') {
        reader.next();
        const recipients = after === 'TO' ? reader.readRecipientsAfterTo('FAKE TO') : reader.readListAs(after === '-' ? 'all-but' : 'only', `FAKE ${after}`);
        if (recipients.kind === 'needs-powers') return fail(recipients);
        fake = fakeFrom(recipients);
      } else if (after === 'BROADCAST') {
        reader.next();
        fake = { kind: 'broadcast' };
      } else {
        // njudge: "PRESS TO FRG FAKE" fakes a broadcast; "FAKE FRG" names the claimed recipients.
        const tokens = reader.readList();
        fake = tokens.length > 0 ? { kind: 'list', recipients: { kind: 'only', tokens } } : { kind: 'broadcast' };
      }
    } else if (upper === 'FROM') {
      if (sender) return fail({ kind: 'sender-twice' });
      const token = reader.readList();
      if (token.length !== 1) return fail({ kind: 'from-one' });
      sender = { kind: 'fake-from', token: token[0]! };
    } else if (upper === 'WHITE' || upper === 'GREY' || upper === 'GRAY') {
      if (sender) return fail({ kind: 'sender-twice' });
      sender = { kind: upper === 'WHITE' ? 'white' : 'grey' };
    } else if (upper === 'QUIET') {
      quiet = true;
    } else {
      return fail({ kind: 'not-understood', word });
    }
  }

  if (!to) {
    // BROADCAST goes to everyone; njudge's "PRESS FAKE TO FRG" is a broadcast faked as partial.
    if (broadcast || fake) to = { kind: 'all' };
    else return fail({ kind: 'for-whom' });
  }
  return { ok: true, options: { to, fake, sender, quiet } };
}
