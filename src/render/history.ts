import { formatMoment } from '../schedule/index.ts';
import { withMapperHeader, withoutMapperHeader } from './mapper-header.ts';
import { pressBody, pressHeader, type PressNaming, type PressReader, type PressViews } from './press-headers.ts';
import { verbatim } from './wrap.ts';

// The reply to njudge's HISTORY, written from the entries src/judge/reports/history-report.ts chose, in
// njudge's layout so that jDip opens a game from it (njudge.md §5): the game's `::` lines first
// (jDip takes all above the first `::` line as the mail's header), the span, then each entry as a
// mail with its Date and Subject and without its own `::` lines; cut at the reader's line cap
// with a note saying how to ask for the rest.
//
//   :: Judge: DIP  Game: Demo  Variant: Standard
//   :: Deadline: F1904M Mon Jan 19 2004 23:30:00 +0000
//
//   History information for game 'demo' from Mon 5 Jan 2004 12:00
//   through Fri 9 Jan 2004 16:00:
//
//   Date:    Tue 6 Jan 2004 12:00
//   Subject: DIP:demo - S1901M Results
//   …

export interface HistoryEntryView {
  readonly at: Date;
  readonly subject: string;
  readonly body: string;
}

export interface HistoryView {
  readonly gameName: string;
  /** The game's `::` lines as they stand now, each ending in a newline. */
  readonly header: string;
  /** The span the reply covers: from the FROM date or the first entry, through the TO date or now. */
  readonly from: Date;
  readonly through: Date;
  /** The zone the Date lines are written in. */
  readonly zone: string;
  readonly entries: readonly HistoryEntryView[];
  /** Whether the reader bounded the entries by dates or phases. */
  readonly ranged: boolean;
  /** The line cap, whether the reader set it, and the most they may ask for. */
  readonly lines: number;
  readonly linesSet: boolean;
  readonly maxLines: number;
}

/** A results entry: the results as they were sent, without their `::` lines. */
export function historyResultsBody(text: string): string {
  return verbatim(withoutMapperHeader(text).replace(/\n+$/, ''));
}

/** A broadcast entry: the copy `reader` got, header line and message. */
export function historyBroadcastBody(views: PressViews, reader: PressReader, gameName: string, naming: PressNaming, text: string): string {
  return pressBody(pressHeader(views, reader, gameName, naming), verbatim(text.replace(/\n+$/, '')));
}

export function renderHistory(view: HistoryView): string {
  const { gameName, zone } = view;
  if (view.entries.length === 0) return `Game '${gameName}' has no history${view.ranged ? ' in that range' : ' yet'}.`;
  const out: string[] = [];
  let shown = 0;
  for (const entry of view.entries) {
    const lines = [`Date:    ${formatMoment(entry.at, zone)}`, `Subject: ${entry.subject}`, '', ...entry.body.replace(/\n+$/, '').split('\n'), ''];
    if (out.length + lines.length > view.lines) {
      const rest = view.entries.length - shown;
      const next = `HISTORY ${gameName} FROM ${formatMoment(entry.at, zone)}`;
      // The limit is named as set, and the lines shown as counted: an entry is never cut in two.
      const limit = `the limit of ${view.lines} lines${view.linesSet ? ' you set' : ''}`;
      out.push(
        `(HISTORY stops here after ${out.length} lines: the next entry would pass ${limit}. ${rest} more ${rest === 1 ? 'entry' : 'entries'}; send ${next}${view.lines < view.maxLines ? ` or LINES up to ${view.maxLines}` : ''} for ${rest === 1 ? 'it' : 'them'}.)`,
      );
      return framed(view, out.join('\n'));
    }
    out.push(...lines);
    shown++;
  }
  return framed(view, out.join('\n').replace(/\n+$/, ''));
}

/** The entries under the `::` lines and the span, as njudge frames them. */
function framed(view: HistoryView, entries: string): string {
  const span = `History information for game '${view.gameName}' from ${formatMoment(view.from, view.zone)}\nthrough ${formatMoment(view.through, view.zone)}:`;
  return withMapperHeader(verbatim(view.header), `${span}\n\n${entries}`);
}
