import { DateTime } from 'luxon';
import { resolveWallTime, toDateTime, zoneFor } from './local-time.ts';
import type { Duration } from './parse-duration.ts';

// A length of time added on the wall clock of a zone, as a Mafia GM's schedule means it: a day
// that ends at 20:00 ends at 20:00 on both sides of a DST change, whether the length is written
// "2D" or "48H". The wall time reached goes through resolveWallTime (a time in the spring gap
// becomes the first minute after it, a doubled time the earlier instant).

export function addWallLength(instant: Date, length: Duration, zoneName: string): Date {
  const zone = zoneFor(zoneName);
  const local = toDateTime(instant, zone);
  // luxon's plus on a zoned DateTime would keep elapsed hours; on a naive UTC clock it is pure wall arithmetic.
  const wall = DateTime.fromObject(
    { year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second },
    { zone: 'UTC' },
  ).plus({ days: length.days, hours: length.hours, minutes: length.minutes });
  const reached = resolveWallTime({ year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second }, zone);
  return new Date(reached.toMillis() + local.millisecond);
}
