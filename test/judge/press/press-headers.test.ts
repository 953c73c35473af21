import { describe, expect, it } from 'vitest';
import { partyNaming, pressHeader, pressSubject, viewsOfArchive } from '../../../src/judge/press/index.ts';
import { verbatim } from '../../../src/render/wrap.ts';
import { BODY, deliveryTo, headerOf, MASTER_SEAT, MONITOR_SEAT, OBSERVER_1, planOk, powerSeat, standard } from './fixtures.ts';

// What each reader sees: the header line, the subject and the sender's echo.

const FRANCE = powerSeat('FRANCE');
const AUSTRIA = powerSeat('AUSTRIA');
const TURKEY = powerSeat('TURKEY');

describe('white press', () => {
  it('names the sender and the recipients, the same for everyone', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AIM' });
    const header = "Message from France to Austria, Italy and the Master in 'demo':";
    expect(headerOf(result, AUSTRIA)).toBe(header);
    expect(headerOf(result, MASTER_SEAT)).toBe(header);
    expect(deliveryTo(result, AUSTRIA).body).toBe(`${header}\n\n${BODY}`);
    expect(deliveryTo(result, AUSTRIA).subject).toBe('DIP:demo - S1901M Press from F to AIM');
    expect(deliveryTo(result, MASTER_SEAT).subject).toBe('DIP:demo - S1901M Press from F to AIM');
  });

  it('never lists the sender among the recipients', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO FI' });
    expect(headerOf(result, powerSeat('ITALY'))).toBe("Message from France to Italy in 'demo':");
    expect(result.archive).toMatchObject({ kind: 'white', recipients: ['ITALY'], shownRecipients: null, shownBroadcast: null });
  });

  it('writes broadcasts as such', () => {
    const result = planOk({ sender: FRANCE, line: 'BROADCAST' });
    expect(headerOf(result, TURKEY)).toBe("Broadcast message from France in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Broadcast message from France in 'demo':");
    expect(deliveryTo(result, TURKEY).subject).toBe('DIP:demo - S1901M Broadcast from F');
    expect(result.archive).toMatchObject({ broadcast: true, recipients: ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O'] });
  });

  it('lists everyone a TO ALL BUT press reaches, and archives exactly them', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO ALL BUT E' });
    expect(headerOf(result, TURKEY)).toBe("Message from France to Austria, Germany, Italy, Russia, Turkey, the Master and the Observers in 'demo':");
    expect(deliveryTo(result, TURKEY).subject).toBe('DIP:demo - S1901M Press from F to AGIRTMO');
    // England is not a recipient, so HISTORY must not show it to England (njudge's leak).
    expect(result.archive).toMatchObject({ broadcast: false, recipients: ['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O'] });
    expect(result.archive.recipients).not.toContain('ENGLAND');
  });

  it('calls observers and the Master by their role', () => {
    const fromObserver = planOk({ sender: OBSERVER_1, line: 'PRESS TO F' });
    expect(headerOf(fromObserver, FRANCE)).toBe("Message from an Observer to France in 'demo':");
    expect(deliveryTo(fromObserver, FRANCE).subject).toBe('DIP:demo - S1901M Press from O to F');
    const fromMaster = planOk({ sender: MASTER_SEAT, line: 'BROADCAST' });
    expect(headerOf(fromMaster, MONITOR_SEAT)).toBe("Broadcast message from the Master in 'demo':");
    expect(deliveryTo(fromMaster, MONITOR_SEAT).subject).toBe('DIP:demo - S1901M Broadcast from M');
  });

  it('leaves the judge code and phase out of the subject when there are none', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO I', judgeCode: '', phase: null });
    expect(result.deliveries[0]!.subject).toBe('demo Press from F to I');
  });
});

describe('grey press', () => {
  const rules = ['GREY_PRESS'] as const;

  it('shows no sender to readers and the truth to the Master', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AIM', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Message to Austria, Italy and the Master in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Message [from France] to Austria, Italy and the Master in 'demo':");
    expect(deliveryTo(result, AUSTRIA).subject).toBe('DIP:demo - S1901M Press to AIM');
    expect(deliveryTo(result, MASTER_SEAT).subject).toBe('DIP:demo - S1901M Press from F to AIM (grey)');
    expect(result.archive).toMatchObject({ kind: 'grey', fakeSender: null, shownRecipients: null, shownBroadcast: null });
  });

  it('writes grey broadcasts without any name', () => {
    const result = planOk({ sender: FRANCE, line: 'BROADCAST', rules });
    expect(headerOf(result, TURKEY)).toBe("Broadcast message in 'demo':");
    expect(headerOf(result, OBSERVER_1)).toBe("Broadcast message in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Broadcast message [from France] in 'demo':");
    expect(deliveryTo(result, TURKEY).subject).toBe('DIP:demo - S1901M Broadcast');
  });

  it('keeps the sender in the list when they named themselves, so they can hide among the recipients', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS GREY TO FAI', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Message to Austria, France and Italy in 'demo':");
    expect(deliveryTo(result, AUSTRIA).subject).toBe('DIP:demo - S1901M Press to AFI');
    expect(result.deliveries.map((d) => d.seatId)).not.toContain(FRANCE.id);
    expect(result.archive).toMatchObject({ recipients: ['AUSTRIA', 'ITALY'], shownRecipients: ['AUSTRIA', 'FRANCE', 'ITALY'], shownBroadcast: false });
  });

  it('does not single the sender out of a TO ALL BUT list', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO ALL BUT E', rules });
    expect(headerOf(result, TURKEY)).toBe("Message to Austria, France, Germany, Italy, Russia, Turkey, the Master and the Observers in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe(
      "Message [from France] to Austria, France, Germany, Italy, Russia, Turkey, the Master and the Observers [really to Austria, Germany, Italy, Russia, Turkey, the Master and the Observers] in 'demo':",
    );
  });
});

describe('fake press', () => {
  const rules = ['FAKE_PRESS'] as const;

  it('shows the claimed sender to readers and the real one to the Master', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AM FROM G', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Message from Germany to Austria and the Master in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Message from Germany [really from France] to Austria and the Master in 'demo':");
    expect(deliveryTo(result, AUSTRIA).subject).toBe('DIP:demo - S1901M Press from G to AM');
    expect(deliveryTo(result, MASTER_SEAT).subject).toBe('DIP:demo - S1901M Press from F to AM (as G)');
    expect(result.archive).toMatchObject({ kind: 'fake', fakeSender: 'GERMANY', sender: 'FRANCE' });
  });

  it('shows claimed recipients with "[really to …]" for the Master', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AM FAKE TO ATM', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Message from France to Austria, Turkey and the Master in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Message from France to Austria, Turkey and the Master [really to Austria and the Master] in 'demo':");
    expect(deliveryTo(result, MASTER_SEAT).subject).toBe('DIP:demo - S1901M Press from F to AM (shown to ATM)');
    expect(result.archive).toMatchObject({ kind: 'white', shownRecipients: ['AUSTRIA', 'TURKEY', 'M'], shownBroadcast: false });
  });

  it('fakes a broadcast', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AM FAKE BROADCAST', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Broadcast message from France in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Broadcast message from France [really to Austria and the Master] in 'demo':");
    expect(deliveryTo(result, AUSTRIA).subject).toBe('DIP:demo - S1901M Broadcast from F');
    expect(result.archive).toMatchObject({ broadcast: false, shownRecipients: null, shownBroadcast: true });
  });

  it('fakes a partial list on a real broadcast', () => {
    const result = planOk({ sender: FRANCE, line: 'BROADCAST FAKE TO AIRE', rules });
    expect(headerOf(result, TURKEY)).toBe("Message from France to Austria, England, Italy and Russia in 'demo':");
    expect(headerOf(result, MASTER_SEAT)).toBe("Message from France to Austria, England, Italy and Russia [really to everyone] in 'demo':");
    expect(deliveryTo(result, MASTER_SEAT).subject).toBe('DIP:demo - S1901M Broadcast from F (shown to AEIR)');
  });

  it('combines a fake sender with fake recipients', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO A FAKE TO AR FROM T', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Message from Turkey to Austria and Russia in 'demo':");
    expect(result.archive).toMatchObject({ kind: 'fake', fakeSender: 'TURKEY', recipients: ['AUSTRIA'], shownRecipients: ['AUSTRIA', 'RUSSIA'] });
  });

  it('combines grey with fake recipients', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS GREY TO M FAKE TO EM', rules: ['FAKE_PRESS'] });
    expect(headerOf(result, MASTER_SEAT)).toBe("Message [from France] to England and the Master [really to the Master] in 'demo':");
  });

  it('refuses press that would claim to go to nobody but its claimed sender', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AG FROM G', rules });
    expect(headerOf(result, AUSTRIA)).toBe("Message from Germany to Austria in 'demo':");
    expect(() => planOk({ sender: FRANCE, line: 'PRESS TO G FROM G', rules })).toThrow('Press refused: it would claim to go to nobody but its own sender.');
  });
});

describe('the echo to the sender', () => {
  // The press itself is marked verbatim: the reply's wrapper leaves the player's lines as written.
  it('names the recipients and repeats the copy they saw', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO AI' });
    expect(result.echo).toBe(`Press sent to Austria, Italy.\n\nMessage from France to Austria and Italy in 'demo':\n\n${verbatim(BODY)}\n\nEnd of message.`);
  });

  it('says nothing about the body with QUIET', () => {
    expect(planOk({ sender: FRANCE, line: 'PRESS TO AI QUIET' }).echo).toBe('Press sent to Austria, Italy.');
    expect(planOk({ sender: FRANCE, line: 'BROADCAST QUIET' }).echo).toBe('Broadcast sent to everyone.');
    expect(planOk({ sender: FRANCE, line: 'PRESS TO AI QUIET', rules: ['GREY_PRESS'] }).echo).toBe('Grey press sent to Austria, Italy.');
    expect(planOk({ sender: FRANCE, line: 'PRESS TO M QUIET FROM G', rules: ['FAKE_PRESS'] }).echo).toBe('Fake press sent to the Master.');
  });

  it('shows the sender the anonymous copy of grey press', () => {
    const result = planOk({ sender: FRANCE, line: 'PRESS TO I', rules: ['GREY_PRESS'] });
    expect(result.echo).toBe(`Grey press sent to Italy.\n\nMessage to Italy in 'demo':\n\n${verbatim(BODY)}\n\nEnd of message.`);
  });

  it('lists the Master and the observers, and only parties someone read for', () => {
    // England is excluded by the sender; Germany's seat is gone, so nobody read it for Germany.
    const seats = [AUSTRIA, FRANCE, powerSeat('ITALY'), powerSeat('RUSSIA'), TURKEY, MASTER_SEAT, OBSERVER_1];
    const result = planOk({ sender: FRANCE, line: 'PRESS TO ALL BUT E QUIET', seats });
    expect(result.echo).toBe('Press sent to Austria, Italy, Russia, Turkey, the Master, the Observers.');
  });
});

describe('rendering archived press again', () => {
  it('gives HISTORY the same headers and subjects as the delivered copies', () => {
    const naming = partyNaming(standard);
    const lines = [
      ['PRESS TO AIM', []],
      ['BROADCAST', ['GREY_PRESS']],
      ['PRESS GREY TO FAIM', ['GREY_PRESS']],
      ['PRESS TO AM FROM G', ['FAKE_PRESS']],
      ['PRESS TO AM FAKE BROADCAST', ['FAKE_PRESS']],
      ['BROADCAST FAKE TO AIRE', ['FAKE_PRESS']],
    ] as const;
    for (const [line, rules] of lines) {
      const result = planOk({ sender: FRANCE, line, rules });
      const views = viewsOfArchive(result.archive);
      const place = { game: 'demo', phase: 'S1901M', judgeCode: 'DIP' };
      expect(pressHeader(views, 'master', 'demo', naming)).toBe(headerOf(result, MASTER_SEAT));
      expect(pressHeader(views, 'reader', 'demo', naming)).toBe(headerOf(result, AUSTRIA));
      expect(pressSubject(views, 'master', place, naming)).toBe(deliveryTo(result, MASTER_SEAT).subject);
      expect(pressSubject(views, 'reader', place, naming)).toBe(deliveryTo(result, AUSTRIA).subject);
    }
  });
});
