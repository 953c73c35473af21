import { describe, expect, it } from 'vitest';
import {
  groupName,
  joinNames,
  pressBody,
  pressEcho,
  pressHeader,
  pressSubject,
  type PartyId,
  type PressNaming,
  type PressViews,
} from '../../src/render/press-headers.ts';
import { verbatim } from '../../src/render/wrap.ts';

// The words around a press, written from its two views (test/judge/press plays them through
// the press planner with a real game's parties).

const NAMES: Record<string, [string, string, string]> = {
  FRANCE: ['France', 'France', 'F'],
  ITALY: ['Italy', 'Italy', 'I'],
  GERMANY: ['Germany', 'Germany', 'G'],
  M: ['the Master', 'the Master', 'M'],
};
const naming: PressNaming = {
  senderName: (id) => NAMES[id]![0],
  recipientName: (id) => NAMES[id]![1],
  initial: (id) => NAMES[id]![2],
};
const view = (sender: PartyId | null, recipients: PartyId[], broadcast = false) => ({ sender, recipients, broadcast });
const white: PressViews = { truth: view('FRANCE', ['ITALY', 'M']), shown: view('FRANCE', ['ITALY', 'M']) };
const fake: PressViews = { truth: view('FRANCE', ['ITALY']), shown: view('GERMANY', ['ITALY', 'M']) };
const grey: PressViews = { truth: view('FRANCE', [], true), shown: view(null, [], true) };

describe('press headers', () => {
  it('joins names as a sentence', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Austria'])).toBe('Austria');
    expect(joinNames(['Austria', 'England', 'Italy'])).toBe('Austria, England and Italy');
  });

  it('writes the first line each reader sees, the truth in brackets for the Master', () => {
    expect(pressHeader(white, 'reader', 'demo', naming)).toBe("Message from France to Italy and the Master in 'demo':");
    expect(pressHeader(fake, 'reader', 'demo', naming)).toBe("Message from Germany to Italy and the Master in 'demo':");
    expect(pressHeader(fake, 'master', 'demo', naming)).toBe("Message from Germany [really from France] to Italy and the Master [really to Italy] in 'demo':");
    expect(pressHeader(grey, 'reader', 'demo', naming)).toBe("Broadcast message in 'demo':");
    expect(pressHeader(grey, 'master', 'demo', naming)).toBe("Broadcast message [from France] in 'demo':");
  });

  it('writes subjects in njudge form', () => {
    const place = { game: 'demo', phase: 'S1901M', judgeCode: 'DIP' };
    expect(pressSubject(white, 'reader', place, naming)).toBe('DIP:demo - S1901M Press from F to IM');
    expect(pressSubject(fake, 'master', place, naming)).toBe('DIP:demo - S1901M Press from F to I (as G, shown to IM)');
    expect(pressSubject(grey, 'reader', { game: 'demo' }, naming)).toBe('demo Broadcast');
    expect(pressSubject(grey, 'master', { game: 'demo' }, naming)).toBe('demo Broadcast from F (grey)');
  });

  it('echoes the press to its sender, or only who got it when QUIET', () => {
    const input = { views: white, kind: 'white' as const, reached: ['ITALY', 'M'] as PartyId[], quiet: false, game: 'demo', text: 'Hello.' };
    expect(pressEcho(input, naming)).toBe(
      `Press sent to Italy, the Master.\n\n${pressBody("Message from France to Italy and the Master in 'demo':", verbatim('Hello.'))}\n\nEnd of message.`,
    );
    expect(pressEcho({ ...input, views: grey, kind: 'grey', quiet: true }, naming)).toBe('Grey broadcast sent to everyone.');
  });
});

describe('groupName', () => {
  it('names the Master alike both ways, one observer as a sender and all of them as recipients', () => {
    expect([groupName('master', 'sender'), groupName('master', 'recipient')]).toEqual(['the Master', 'the Master']);
    expect([groupName('observers', 'sender'), groupName('observers', 'recipient')]).toEqual(['an Observer', 'the Observers']);
  });
});
