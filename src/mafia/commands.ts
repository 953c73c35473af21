import { isMafiaSetting } from './settings.ts';
import { parseVoteLine, type WrittenVote } from './votes.ts';

// The lines of a Mafia game's block after its SIGNON, JOIN or CREATE, as data. Anything that is
// none of these is an `other` line: the GMs' lines are read as the tracker's GM lines (gm-lines.ts),
// a player's is refused as no command.
//   NAME nick                          START
//   SET <setting> <value>              (settings.ts)
//   ROLE nick … ENDROLE                the role text mailed to that player alone
//   GROUP name: nick, nick …           a private group
//   PRESS [TO ALL | TO DEAD | TO group] … ENDPRESS     (POST … ENDPOST alike): a post
//   VOTE nick | VOTE: nick | VOTE NO LYNCH | UNVOTE | VOTECOUNT
//   STATUS | LIST                      PROMOTE address (the GM: a co-GM)
//   SET PASSWORD new                   the sender's own password (the judge hashes it)
//   RESIGN | WITHDRAW                  the sender leaves; a player's seat opens for a replacement

export interface MafiaLine {
  readonly line: number;
  readonly text: string;
}

export type MafiaBlockCommand =
  | { readonly kind: 'name'; readonly nick: string }
  | { readonly kind: 'start' }
  | { readonly kind: 'set'; readonly text: string }
  | { readonly kind: 'role'; readonly nick: string; readonly text: string }
  | { readonly kind: 'group'; readonly name: string; readonly nicks: readonly string[] }
  | { readonly kind: 'post'; readonly to: 'everyone' | 'dead' | { readonly group: string }; readonly text: string }
  | { readonly kind: 'vote'; readonly vote: WrittenVote }
  | { readonly kind: 'votecount' }
  | { readonly kind: 'status' }
  | { readonly kind: 'promote'; readonly who: string }
  /** SET PASSWORD new: null when the line holds no one word after PASSWORD. */
  | { readonly kind: 'set-password'; readonly password: string | null }
  | { readonly kind: 'resign' }
  /** A block ended without its closing word (ENDROLE, ENDPRESS). */
  | { readonly kind: 'unclosed'; readonly opener: string; readonly closer: string }
  | { readonly kind: 'other'; readonly text: string };

export type NumberedCommand = MafiaBlockCommand & { readonly line: number };

const PRESS = /^(?:PRESS|POST|BROADCAST)(?:\s+TO\s+(.+?))?\s*:?\s*$/i;

export function readMafiaBlock(lines: readonly MafiaLine[]): NumberedCommand[] {
  const commands: NumberedCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const { line, text: raw } = lines[i]!;
    const text = raw.trim();
    if (text === '') continue;
    const upper = text.toUpperCase();
    const body = (closer: RegExp): { text: string; closed: boolean } => {
      const taken: string[] = [];
      for (i++; i < lines.length; i++) {
        if (closer.test(lines[i]!.text.trim())) return { text: taken.join('\n').trim(), closed: true };
        taken.push(lines[i]!.text.replace(/\s+$/, ''));
      }
      return { text: taken.join('\n').trim(), closed: false };
    };
    const role = /^ROLE\s+(.+)$/i.exec(text);
    const press = PRESS.exec(text);
    if (role) {
      const read = body(/^END\s*ROLE$/i);
      commands.push(
        read.closed ? { kind: 'role', nick: role[1]!.trim(), text: read.text, line } : { kind: 'unclosed', opener: 'ROLE', closer: 'ENDROLE', line },
      );
    } else if (press) {
      const to = (press[1] ?? 'ALL').trim();
      const read = body(/^END\s*(?:PRESS|POST|BROADCAST)$/i);
      const channel = /^(ALL|EVERYONE|EVERYBODY)$/i.test(to) ? 'everyone' : /^(THE\s+)?DEAD$/i.test(to) ? 'dead' : { group: to };
      commands.push(read.closed ? { kind: 'post', to: channel, text: read.text, line } : { kind: 'unclosed', opener: 'PRESS', closer: 'ENDPRESS', line });
    } else if (/^NAME\s+\S/i.test(text)) commands.push({ kind: 'name', nick: text.replace(/^NAME\s+/i, ''), line });
    else if (upper === 'START') commands.push({ kind: 'start', line });
    else if (/^SET\s*PASSWORD(?:\s|$)/i.test(text)) {
      const words = text
        .replace(/^SET\s*PASSWORD/i, '')
        .trim()
        .split(/\s+/)
        .filter((w) => w !== '');
      commands.push({ kind: 'set-password', password: words.length === 1 ? words[0]! : null, line });
    } else if (/^SET\s+/i.test(text) && isMafiaSetting(text.replace(/^SET\s+/i, ''))) commands.push({ kind: 'set', text: text.replace(/^SET\s+/i, ''), line });
    else if (/^GROUP\s+[^:]+:/i.test(text)) {
      const [head, rest] = [text.slice(0, text.indexOf(':')), text.slice(text.indexOf(':') + 1)];
      const nicks = rest
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== '');
      commands.push({ kind: 'group', name: head.replace(/^GROUP\s+/i, '').trim(), nicks, line });
    } else if (/^VOTE\s*COUNT$/i.test(text)) commands.push({ kind: 'votecount', line });
    else if (/^(STATUS|LIST)$/i.test(text)) commands.push({ kind: 'status', line });
    else if (/^(RESIGN|WITHDRAW)$/i.test(text)) commands.push({ kind: 'resign', line });
    else if (/^PROMOTE\s+\S+$/i.test(text)) commands.push({ kind: 'promote', who: text.replace(/^PROMOTE\s+/i, ''), line });
    else {
      const vote = parseVoteLine(text);
      commands.push(vote ? { kind: 'vote', vote, line } : { kind: 'other', text, line });
    }
  }
  return commands;
}
