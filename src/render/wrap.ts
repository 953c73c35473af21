// Lines of at most 76 characters, so a mail of plain ASCII travels as 7bit text: mailers switch
// a whole mail to quoted-printable for one longer line, and the raw text then breaks inside
// words ("Fleet St =" / "Petersburg") in clients and tools that read it raw.

/** The longest line the judge writes in its replies and notices. */
export const MAX_LINE = 76;

// Text the judge copies rather than writes (a past results mail in HISTORY, a player's press echoed
// back) is marked with two control characters, which no mail the judge reads keeps and no reader
// ever sees: the wrapper leaves what lies between them as it is and drops the marks. The classic
// results block so stays byte for byte what the results mail carried.
const VERBATIM_OPEN = '\u000e';
const VERBATIM_CLOSE = '\u000f';
const MARKS = /[\u000e\u000f]/g;

/** `text` marked to be sent as it is, never wrapped (marks already in it are dropped). */
export function verbatim(text: string): string {
  return `${VERBATIM_OPEN}${text.replace(MARKS, '')}${VERBATIM_CLOSE}`;
}

/** The text with the verbatim marks dropped, for a mail that is sent unwrapped. */
export function withoutMarks(text: string): string {
  return text.replace(MARKS, '');
}

/**
 * Breaks each line longer than `width` at spaces, outside the regions marked `verbatim`. A paragraph goes on at the left margin; an
 * indented line (an error's reason) goes on two spaces further in, so it still reads as one; a
 * quote mark `> ` is carried over. A word
 * longer than the line (an address, a long run of text) is left whole rather than cut.
 */
export function wrapLongLines(text: string, width = MAX_LINE): string {
  let out = '';
  for (let at = 0; at < text.length; ) {
    const open = text.indexOf(VERBATIM_OPEN, at);
    if (open < 0) {
      out += wrapPlain(text.slice(at), width);
      break;
    }
    out += wrapPlain(text.slice(at, open), width);
    const close = text.indexOf(VERBATIM_CLOSE, open + 1);
    const end = close < 0 ? text.length : close;
    out += text.slice(open + 1, end);
    at = end + 1;
  }
  return out;
}

function wrapPlain(text: string, width: number): string {
  return withoutMarks(text)
    .split('\n')
    .map((line) => wrapLine(line, width))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  if (line.length <= width) return line;
  const carriage = line.endsWith('\r') ? '\r' : '';
  const body = carriage ? line.slice(0, -1) : line;
  if (body.length <= width) return line;
  const lead = /^(?:> ?)*\s*/.exec(body)![0];
  const quote = /^(?:> ?)*/.exec(body)![0];
  const spaces = lead.slice(quote.length);
  const indent = `${quote}${spaces === '' ? '' : `${spaces}  `}`.slice(0, Math.floor(width / 2));
  const pieces: string[] = [];
  let rest = body;
  let start = lead.length;
  while (rest.length > width) {
    let cut = rest.lastIndexOf(' ', width);
    if (cut <= start) cut = rest.indexOf(' ', width);
    if (cut < 0) break;
    const head = rest.slice(0, cut).trimEnd();
    const tail = rest.slice(cut).trimStart();
    if (tail === '') break;
    pieces.push(head);
    rest = `${indent}${tail}`;
    start = indent.length;
  }
  pieces.push(rest);
  return pieces.map((piece) => `${piece}${carriage}`).join('\n');
}
