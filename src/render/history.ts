import { formatMoment } from '../schedule/index.ts';
import { pressBody, pressHeader, type PressNaming, type PressReader, type PressViews } from './press-headers.ts';
import { verbatim } from './wrap.ts';

// The reply to njudge's HISTORY, written from the entries src/judge/history-report.ts chose:
// each as a mail with its Date and Subject, cut at the reader's line cap with a note saying how
// to ask for the rest.

export interface HistoryEntryView {
  readonly at: Date;
  readonly subject: string;
  readonly body: string;
}

export interface HistoryView {
  readonly gameName: string;
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

/** A results entry: the results as they were sent. */
export function historyResultsBody(text: string): string {
  return verbatim(text.replace(/\n+$/, ''));
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
      out.push(`(HISTORY stops here after ${out.length} lines, the limit${view.linesSet ? ' you set' : ''}: ${rest} more ${rest === 1 ? 'entry' : 'entries'}; send ${next}${view.lines < view.maxLines ? ` or LINES up to ${view.maxLines}` : ''} for ${rest === 1 ? 'it' : 'them'}.)`);
      return out.join('\n');
    }
    out.push(...lines);
    shown++;
  }
  return out.join('\n').replace(/\n+$/, '');
}
