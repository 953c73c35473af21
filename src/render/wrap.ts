// Lines of at most 76 characters, so a mail of plain ASCII travels as 7bit text: mailers switch
// a whole mail to quoted-printable for one longer line, and the raw text then breaks inside
// words ("Fleet St =" / "Petersburg") in clients and tools that read it raw.

/** The longest line the judge writes in its replies and notices. */
export const MAX_LINE = 76;

/**
 * Breaks each line longer than `width` at spaces. A paragraph goes on at the left margin; an
 * indented line (an error's reason) goes on two spaces further in, so it still reads as one; a
 * quote mark `> ` is carried over. A word
 * longer than the line (an address, a long run of text) is left whole rather than cut.
 */
export function wrapLongLines(text: string, width = MAX_LINE): string {
  return text
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
