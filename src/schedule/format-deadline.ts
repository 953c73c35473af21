import { DateTime, type Zone } from 'luxon';
import { zoneFor } from './local-time.ts';

// How deadlines are written in mails.
// - njudge's form, which the `::` header, results and third-party parsers (the Mapper, floc.net)
//   read: strftime "%a %b %d %Y %H:%M:%S %z", e.g. "Mon Jan 12 2004 23:30:00 +0100", in the game's zone.
// - The player's form: the same in the player's zone, followed by the zone's IANA name, so a
//   reader knows which clock it is and parse-date can read it back.
// The locale is fixed to English whatever the machine's settings are.

const NJUDGE_FORMAT = 'EEE MMM dd yyyy HH:mm:ss ZZZ';

function inZone(instant: Date, zone: string | Zone): DateTime {
  return DateTime.fromMillis(instant.getTime(), { zone: zoneFor(zone) }).setLocale('en-US');
}

/** "Mon Jan 12 2004 23:30:00 +0100". */
export function formatDeadline(instant: Date, zone: string): string {
  return inZone(instant, zone).toFormat(NJUDGE_FORMAT);
}

/** "Mon Jan 12 2004 17:30:00 -0500 (America/New_York)". */
export function formatPlayerDeadline(instant: Date, zone: string): string {
  const moment = inZone(instant, zone);
  return `${moment.toFormat(NJUDGE_FORMAT)} (${moment.zoneName ?? zone})`;
}

/** A short form for absences and notices: "Wed 28 Jan 2004 00:00". */
export function formatMoment(instant: Date, zone: string | Zone): string {
  return inZone(instant, zone).toFormat('EEE d MMM yyyy HH:mm');
}
