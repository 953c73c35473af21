import { describe, expect, it } from 'vitest';
import {
  absenceApplies,
  absenceDays,
  addAbsence,
  cancelAbsence,
  parseAbsence,
  pendingAbsences,
  type Absence,
  type AbsenceOwner,
} from '../../src/schedule/index.ts';
import { at, wall } from './helpers.ts';
import { worded } from '../support/schedule-words.ts';
import { scheduleErrorText } from '../../src/render/schedule-errors.ts';

const zone = 'Europe/Berlin';
// Tuesday 27 January 2004, 09:31.
const now = at('2004-01-27T09:31', zone);

function absence(from: string | null, to: string | null, when = now, inZone = zone): Absence {
  const result = parseAbsence(from, to, { now: when, zone: inZone });
  if (!result.ok) throw new Error(scheduleErrorText(result.error));
  return result.absence;
}

function span(value: Absence, inZone = zone): string {
  return `${wall(value.start, inZone)} – ${wall(value.end, inZone)}`;
}

describe('parseAbsence', () => {
  it('from 00:00 of the first day to 23:59 of the last', () => {
    expect(span(absence('28 Jan', '3 Feb'))).toBe('2004-01-28 00:00 +01:00 Wed – 2004-02-03 23:59 +01:00 Tue');
  });

  it('without TO it lasts 24 hours', () => {
    expect(span(absence('8 Feb', null))).toBe('2004-02-08 00:00 +01:00 Sun – 2004-02-09 00:00 +01:00 Mon');
  });

  it('without a start it begins today (DPjudge SET ABSENCE TO 13:00)', () => {
    expect(span(absence(null, '13:00'))).toBe('2004-01-27 00:00 +01:00 Tue – 2004-01-27 13:00 +01:00 Tue');
  });

  it('today may start an absence although 00:00 has passed', () => {
    expect(span(absence('27 Jan', null))).toBe('2004-01-27 00:00 +01:00 Tue – 2004-01-28 00:00 +01:00 Wed');
  });

  it('the end is read from the start: Sat TO Tue is the Tuesday after that Saturday', () => {
    const sunday = at('2004-01-25T10:00', zone);
    expect(span(absence('Sat', 'Tue', sunday))).toBe('2004-01-31 00:00 +01:00 Sat – 2004-02-03 23:59 +01:00 Tue');
  });

  it('across the new year without years (DPjudge: SET ABSENCE 24 DEC TO 6 JAN, or 24 TO 6)', () => {
    const november = at('2003-11-25T10:00', zone);
    expect(span(absence('24 Dec', '6 Jan', november))).toBe('2003-12-24 00:00 +01:00 Wed – 2004-01-06 23:59 +01:00 Tue');
    expect(span(absence('24', '6', november))).toBe('2003-12-24 00:00 +01:00 Wed – 2004-01-06 23:59 +01:00 Tue');
  });

  it('in the player’s zone, with times when given', () => {
    expect(span(absence('28 Jan 18:00', '29 Jan 06:00', now, 'America/New_York'), 'America/New_York')).toBe(
      '2004-01-28 18:00 -05:00 Wed – 2004-01-29 06:00 -05:00 Thu',
    );
  });

  it.each([
    ['26 Jan 2004', null, 'in-past', '"26 Jan 2004" is before today'],
    ['5 Feb 2004', '3 Feb 2004', 'order', 'the absence would end ("3 Feb 2004") before it begins (Thu 5 Feb 2004 00:00)'],
    [null, '08:00', 'in-past', 'the absence would be over already (it ends Tue 27 Jan 2004 08:00)'],
    ['28 Jan', 'Fbe', 'unknown-word', '"Fbe" is not a date or time; write e.g. Mon 12 Jan 2004 23:30, 12 Jan, Fri or 18:00'],
  ])('SET ABSENCE %s TO %s → %s', (from, to, code, message) => {
    const result = parseAbsence(from, to, { now, zone });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(worded(result.error)).toMatchObject({ code, message });
  });
});

describe('addAbsence', () => {
  const policy = { now, zone };
  const a = absence('28 Jan', '30 Jan');
  const b = absence('2 Feb', '3 Feb');
  const c = absence('10 Feb', null);

  it('adds and sorts', () => {
    const result = addAbsence([c, a], b, policy);
    expect(result).toEqual({ ok: true, absences: [a, b, c] });
  });

  it('at most three pending', () => {
    const result = addAbsence([a, b, c], absence('20 Feb', null), policy);
    expect(result.ok ? null : worded(result.error)).toMatchObject({
      code: 'too-many',
      message: '3 absences are pending already, the most allowed; cancel one with SET NO ABSENCE first',
    });
  });

  it('expired absences free their slot', () => {
    const old = { start: at('2004-01-10T00:00', zone), end: at('2004-01-12T23:59', zone) };
    expect(pendingAbsences([old, a], now)).toEqual([a]);
    expect(addAbsence([old, a, b], c, policy)).toEqual({ ok: true, absences: [a, b, c] });
  });

  it('no overlaps', () => {
    const result = addAbsence([a], absence('30 Jan', '1 Feb'), policy);
    expect(result.ok ? null : worded(result.error)).toMatchObject({
      code: 'overlap',
      message: 'the absence Fri 30 Jan 2004 00:00 to Sun 1 Feb 2004 23:59 overlaps the pending one Wed 28 Jan 2004 00:00 to Fri 30 Jan 2004 23:59',
    });
    // Touching is not overlapping.
    expect(addAbsence([{ start: a.start, end: at('2004-01-30T00:00', zone) }], absence('30 Jan', null), policy).ok).toBe(true);
  });

  it('at most 15 days (njudge MaxAbsence) unless the Master sets it', () => {
    const fifteen = absence('1 Feb', '15 Feb');
    const sixteen = absence('1 Feb', '16 Feb');
    expect(absenceDays(fifteen, zone)).toBe(15);
    expect(absenceDays(sixteen, zone)).toBe(16);
    expect(addAbsence([], fifteen, policy).ok).toBe(true);
    const refused = addAbsence([], sixteen, policy);
    expect(refused.ok ? null : worded(refused.error)).toMatchObject({
      code: 'too-long',
      message: 'the absence Sun 1 Feb 2004 00:00 to Mon 16 Feb 2004 23:59 lasts 16 days; more than 15 needs the Master',
    });
    expect(addAbsence([], sixteen, { ...policy, byMaster: true }).ok).toBe(true);
    expect(addAbsence([], fifteen, { ...policy, maxDays: 14 }).ok).toBe(false);
  });

  it('counts calendar days, so a DST change inside does not make it longer', () => {
    const spring = at('2024-03-20T10:00', zone);
    const overChange = absence('25 Mar', '8 Apr', spring);
    expect(absenceDays(overChange, zone)).toBe(15);
    expect(addAbsence([], overChange, { now: spring, zone }).ok).toBe(true);
  });
});

describe('cancelAbsence (SET NO ABSENCE)', () => {
  const a = absence('28 Jan', '30 Jan');
  const b = absence('2 Feb 18:00', '3 Feb');
  const context = { now, zone };

  it('cancels the absence that includes the date, any time of that day', () => {
    expect(cancelAbsence([a, b], '29 Jan', context)).toEqual({ ok: true, absences: [b] });
    expect(cancelAbsence([a, b], '2 Feb', context)).toEqual({ ok: true, absences: [a] });
    expect(cancelAbsence([a, b], '2 Feb 12:00', context).ok).toBe(false);
  });

  it('without a date only when one is pending', () => {
    expect(cancelAbsence([a], null, context)).toEqual({ ok: true, absences: [] });
    const many = cancelAbsence([a, b], null, context);
    expect(many.ok ? null : scheduleErrorText(many.error)).toBe('2 absences are pending; name a date inside the one to cancel');
    const none = cancelAbsence([], null, context);
    expect(none.ok ? null : none.error.code).toBe('not-found');
  });

  it('says when no absence includes the date', () => {
    const result = cancelAbsence([a, b], '5 Feb', context);
    expect(result.ok ? null : worded(result.error)).toMatchObject({
      code: 'not-found',
      word: '5 Feb',
      message: 'no pending absence includes "5 Feb" (Thu 5 Feb 2004 00:00)',
    });
  });
});

describe('absenceApplies (njudge.md §2)', () => {
  const base: AbsenceOwner = { hasPress: false, strictWait: false, quiet: false, isMaster: false, owesOrders: false };
  it.each<[Partial<AbsenceOwner>, boolean]>([
    [{ hasPress: true }, true],
    [{ hasPress: true, strictWait: true }, false],
    [{ hasPress: true, strictWait: true, owesOrders: true }, true],
    [{ owesOrders: true }, true],
    [{}, false],
    [{ quiet: true }, true],
    [{ isMaster: true, hasPress: true, strictWait: true }, true],
  ])('%o → %s', (owner, applies) => {
    expect(absenceApplies({ ...base, ...owner })).toBe(applies);
  });
});
