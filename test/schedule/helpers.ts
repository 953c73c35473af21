import { DateTime } from 'luxon';

/** An instant written as a wall time in a zone: at('2004-01-05T17:00', 'Europe/Berlin'). */
export function at(wallTime: string, zone: string): Date {
  const moment = DateTime.fromISO(wallTime, { zone });
  if (!moment.isValid) throw new Error(`bad test time ${wallTime}`);
  return moment.toJSDate();
}

/** An instant shown as wall time with offset in a zone: "2004-01-12 23:30 +01:00 Mon". */
export function wall(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).setLocale('en-US').toFormat('yyyy-MM-dd HH:mm ZZ ccc');
}
