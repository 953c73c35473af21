import { expect, it } from 'vitest';
import { replySubject } from '../../src/render/subjects.ts';

// njudge's reply subjects (njudge.md §Subjects): `Re: [Error Flag] TEST:demo - S1901M <player's
// subject>` for a mail signed on to a game, so players' mail filters keep working.

const judge = { code: 'DIP', name: 'dipjudge' };
const demo = { name: 'demo', phase: 'S1901M' as const };

it.each([
  ['orders', {}, 'Re: orders'],
  ['Re: orders', {}, 'Re: orders'],
  ['', {}, 'Re: your mail to dipjudge'],
  ['hi', { errorFlag: true }, 'Re: [Error Flag] hi'],
  ['', { errorFlag: true }, 'Re: [Error Flag] your mail to dipjudge'],
  ['orders', { game: demo }, 'Re: DIP:demo - S1901M orders'],
  ['orders', { game: demo, errorFlag: true }, 'Re: [Error Flag] DIP:demo - S1901M orders'],
  // A reply to the judge's own mail carries its prefix once, with the current phase and flag.
  ['Re: DIP:demo - S1901M orders', { game: demo, errorFlag: true }, 'Re: [Error Flag] DIP:demo - S1901M orders'],
  ['Re: [Error Flag] DIP:demo - S1901M Re: orders', { game: demo }, 'Re: DIP:demo - S1901M orders'],
  ['AW: [You are late!] dip:DEMO - F1901M Late Notice', { game: demo }, 'Re: DIP:demo - S1901M Late Notice'],
  ['', { game: demo }, 'Re: DIP:demo - S1901M'],
  // A forming game has no phase yet.
  ['my signon', { game: { name: 'demo', phase: null } }, 'Re: DIP:demo my signon'],
  // Another game's prefix is the player's own text.
  ['Re: DIP:other - S1901M orders', { game: demo }, 'Re: DIP:demo - S1901M DIP:other - S1901M orders'],
])('%j %j -> %j', (subject, options, expected) => {
  expect(replySubject(subject, judge, options)).toBe(expected);
});
