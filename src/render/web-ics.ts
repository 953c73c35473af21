import type { GameDeadlines } from './web-views.ts';

// A game's deadlines as an iCalendar feed (RFC 5545) that calendar apps subscribe to: one event per
// phase (past ones stay, at the time they were processed, so the calendar keeps the game's history)
// and one for the end of the current grace period. Times are UTC; each event's UID stays the same for
// the same phase, so a moved deadline or the processing updates the event instead of adding one.
// Links to the game's page are built from DIPJUDGE_PUBLIC_URL, never from a request's Host header.

export interface IcsOptions {
  /** The judge's name and address: the events say where orders go. */
  readonly judgeName: string;
  readonly judgeAddress: string;
  /** The game's page under DIPJUDGE_PUBLIC_URL; null without it. */
  readonly pageUrl: string | null;
  readonly now: Date;
}

export function deadlinesCalendar(feed: GameDeadlines, options: IcsOptions): string {
  const domain = options.judgeAddress.split('@')[1] ?? 'dipjudge';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//dipjudge//deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(`${feed.kindTitle ?? 'Diplomacy'} game ${feed.name} (${options.judgeName})`)}`,
    `X-WR-TIMEZONE:${text(feed.timeZone)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const entry of feed.entries) {
    const what = entry.kind === 'deadline' ? 'deadline' : entry.kind === 'processed' ? 'processed' : 'end of grace';
    const description = [
      `${entry.title} of game ${feed.name}: ${what}.`,
      entry.kind === 'deadline'
        ? feed.kindTitle === 'Mafia'
          ? `Votes and posts go by mail to ${options.judgeAddress}.`
          : `Orders go by mail to ${options.judgeAddress}.`
        : entry.kind === 'processed'
          ? 'The results went out by mail.'
          : 'Late powers may be put in civil disorder or abandoned now.',
      ...(options.pageUrl ? [options.pageUrl] : []),
    ].join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${text(`${feed.name}-${entry.phase}-${entry.kind === 'processed' ? 'deadline' : entry.kind}@${domain}`)}`,
      `DTSTAMP:${stamp(options.now)}`,
      `DTSTART:${stamp(entry.at)}`,
      'DURATION:PT15M',
      `SUMMARY:${text(`${feed.name} ${entry.phase} ${what}`)}`,
      `DESCRIPTION:${text(description)}`,
      ...(options.pageUrl ? [`URL:${options.pageUrl}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** 20260125T173000Z */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value: backslash, semicolon, comma and newline escaped. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}
