import { describe, expect, it } from 'vitest';
import type { GameRule, GameStatus, Seat } from '../../../src/judge/model.ts';
import { MASTER_SEAT, MONITOR_SEAT, OBSERVER_1, plan, powerSeat, receivers, SEATS } from './fixtures.ts';
import { mailAddress } from '../../../src/judge/model.ts';

// Every press rule against every option that it concerns: who may send what, and who gets it.

const FRANCE = powerSeat('FRANCE');
const ENGLAND = powerSeat('ENGLAND');

const ALL_BUT_FRANCE = ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O1', 'O2'];
const EVERYONE_FOR_MASTER = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'O1', 'O2', 'MON'];

const NO_PRESS = 'Press refused: this game allows press only to the Master (NO_PRESS).';
const PUBLIC = 'Press refused: this game allows only broadcasts and press to the Master (PUBLIC_PRESS).';
const NO_GREY = 'Press refused: grey press is not allowed in this game.';
const ONLY_GREY = 'Press refused: this game allows only grey press (GREY_PRESS); leave out WHITE.';
const NO_FAKE = 'Press refused: fake press is not allowed in this game (it needs FAKE_PRESS).';
const MUTED = 'Press refused: observers may write only to the Master in this game (MUTE_OBSERVERS).';
const MONITOR = 'Press refused: monitors may write only to the Master.';
const FORMING = 'Press refused: until the game starts, press must be a broadcast or go to the Master alone.';
const OVER = 'Press refused: now that the game is over, press must be a broadcast or go to the Master alone.';

type Row = readonly [rules: readonly GameRule[], sender: Seat, line: string, expected: string | readonly string[], status?: GameStatus];

const rows: readonly Row[] = [
  // plain game: everything white and partial goes
  [[], FRANCE, 'PRESS TO I', ['ITALY']],
  [[], FRANCE, 'PRESS TO ITALY', ['ITALY']],
  [[], FRANCE, 'BROADCAST', ALL_BUT_FRANCE],
  [[], FRANCE, 'PRESS TO ALL', ALL_BUT_FRANCE],
  [[], FRANCE, 'PRESS TO M', ['M']],
  [[], FRANCE, 'PRESS TO O', ['O1', 'O2']],
  [[], FRANCE, 'PRESS WHITE TO I', ['ITALY']],
  [[], FRANCE, 'PRESS TO I NO FAKE', ['ITALY']],
  // NO_PRESS: the Master only
  [['NO_PRESS'], FRANCE, 'PRESS TO I', NO_PRESS],
  [['NO_PRESS'], FRANCE, 'BROADCAST', NO_PRESS],
  [['NO_PRESS'], FRANCE, 'PRESS TO ALL BUT E', NO_PRESS],
  [['NO_PRESS'], FRANCE, 'PRESS TO IM', NO_PRESS],
  [['NO_PRESS'], FRANCE, 'PRESS TO M', ['M']],
  [['NO_PRESS'], FRANCE, 'PRESS TO MASTER', ['M']],
  [['NO_PRESS'], FRANCE, 'PRESS TO FM', ['M']],
  [['NO_PRESS'], FRANCE, 'PRESS GREY TO M', ['M']],
  [['NO_PRESS'], OBSERVER_1, 'PRESS TO M', ['M']],
  [['NO_PRESS'], MASTER_SEAT, 'BROADCAST', EVERYONE_FOR_MASTER],
  [['NO_PRESS'], MASTER_SEAT, 'PRESS TO F', ['FRANCE']],
  // PUBLIC_PRESS: broadcasts and the Master
  [['PUBLIC_PRESS'], FRANCE, 'PRESS TO I', PUBLIC],
  [['PUBLIC_PRESS'], FRANCE, 'PRESS TO ALL BUT E', PUBLIC],
  [['PUBLIC_PRESS'], FRANCE, 'PRESS TO IM', PUBLIC],
  [['PUBLIC_PRESS'], FRANCE, 'BROADCAST', ALL_BUT_FRANCE],
  [['PUBLIC_PRESS'], FRANCE, 'PRESS TO ALL', ALL_BUT_FRANCE],
  [['PUBLIC_PRESS'], FRANCE, 'PRESS TO M', ['M']],
  [['PUBLIC_PRESS'], OBSERVER_1, 'PRESS TO F', PUBLIC],
  [['PUBLIC_PRESS'], OBSERVER_1, 'BROADCAST', ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O2']],
  [['PUBLIC_PRESS'], MASTER_SEAT, 'PRESS TO FI', ['FRANCE', 'ITALY']],
  // forced PUBLIC_PRESS after the end
  [[], FRANCE, 'PRESS TO I', OVER, 'completed'],
  [[], FRANCE, 'PRESS TO I', OVER, 'terminated'],
  [[], FRANCE, 'BROADCAST', ALL_BUT_FRANCE, 'completed'],
  [[], FRANCE, 'PRESS TO M', ['M'], 'completed'],
  [[], FRANCE, 'PRESS TO I', ['ITALY'], 'waiting'],
  // grey press
  [[], FRANCE, 'PRESS GREY TO I', NO_GREY],
  [[], FRANCE, 'BROADCAST GREY', NO_GREY],
  [['PUBLIC_PRESS'], FRANCE, 'BROADCAST GRAY', NO_GREY],
  [['GREY_PRESS'], FRANCE, 'PRESS GREY TO I', ['ITALY']],
  [['WHITE_GREY'], FRANCE, 'PRESS GREY TO I', ['ITALY']],
  [['FAKE_PRESS'], FRANCE, 'PRESS GREY TO I', ['ITALY']],
  [['GREY_PRESS'], FRANCE, 'PRESS TO I', ['ITALY']],
  [['GREY_PRESS'], FRANCE, 'PRESS WHITE TO I', ONLY_GREY],
  [['GREY_PRESS', 'WHITE_GREY'], FRANCE, 'PRESS WHITE TO I', ['ITALY']],
  [['WHITE_GREY'], FRANCE, 'PRESS WHITE TO I', ['ITALY']],
  [['GREY_PRESS', 'PUBLIC_PRESS'], FRANCE, 'PRESS GREY TO I', PUBLIC],
  [['NO_PRESS', 'GREY_PRESS'], FRANCE, 'BROADCAST', NO_PRESS],
  [[], MASTER_SEAT, 'BROADCAST GREY', EVERYONE_FOR_MASTER],
  // fake press
  [[], FRANCE, 'PRESS TO A FROM G', NO_FAKE],
  [[], FRANCE, 'PRESS TO A FAKE FROM G', NO_FAKE],
  [[], FRANCE, 'PRESS TO A FAKE TO AT', NO_FAKE],
  [[], FRANCE, 'PRESS TO A FAKE BROADCAST', NO_FAKE],
  [[], FRANCE, 'BROADCAST FAKE TO AIRE', NO_FAKE],
  [[], FRANCE, 'BROADCAST FROM G', NO_FAKE],
  [['GREY_PRESS', 'WHITE_GREY'], FRANCE, 'PRESS TO A FROM G', NO_FAKE],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FROM G', ['AUSTRIA']],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FAKE TO AT', ['AUSTRIA']],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO AUSTRIA FAKE BROADCAST', ['AUSTRIA']],
  [['FAKE_PRESS'], FRANCE, 'PRESS FAKE BROADCAST TO AUSTRIA', ['AUSTRIA']],
  [['FAKE_PRESS'], FRANCE, 'BROADCAST FAKE TO AIRE', ALL_BUT_FRANCE],
  [['FAKE_PRESS'], FRANCE, 'BROADCAST FROM G', ALL_BUT_FRANCE],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FAKE TO AR FROM T', ['AUSTRIA']],
  [['FAKE_PRESS'], FRANCE, 'PRESS WHITE TO A FAKE TO AI', ['AUSTRIA']],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FROM M', 'Press refused: you cannot fake press from the Master.'],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FROM MASTER', 'Press refused: you cannot fake press from the Master.'],
  [[], FRANCE, 'PRESS TO M FROM M', 'Press refused: you cannot fake press from the Master.'],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FROM O', 'Press refused: you can fake press only from a power, not from the observers.'],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FROM GR', 'Press refused: "GR" names more than one power; press can claim only one sender.'],
  [['FAKE_PRESS', 'PUBLIC_PRESS'], FRANCE, 'PRESS TO A FAKE BROADCAST', PUBLIC],
  [['FAKE_PRESS', 'PUBLIC_PRESS'], FRANCE, 'BROADCAST FAKE TO AI', ALL_BUT_FRANCE],
  [[], MASTER_SEAT, 'PRESS TO A FROM G', ['AUSTRIA']],
  [[], FRANCE, 'PRESS TO M FROM G', ['M']],
  // observers and monitors
  [[], OBSERVER_1, 'PRESS TO F', ['FRANCE']],
  [[], OBSERVER_1, 'PRESS TO O', ['O2']],
  [[], OBSERVER_1, 'BROADCAST', ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O2']],
  [['MUTE_OBSERVERS'], OBSERVER_1, 'PRESS TO F', MUTED],
  [['MUTE_OBSERVERS'], OBSERVER_1, 'BROADCAST', MUTED],
  [['MUTE_OBSERVERS'], OBSERVER_1, 'PRESS TO O', MUTED],
  [['MUTE_OBSERVERS'], OBSERVER_1, 'PRESS TO M', ['M']],
  [['MUTE_OBSERVERS'], FRANCE, 'PRESS TO O', ['O1', 'O2']],
  [[], MONITOR_SEAT, 'PRESS TO F', MONITOR],
  [[], MONITOR_SEAT, 'BROADCAST', MONITOR],
  [[], MONITOR_SEAT, 'PRESS TO M', ['M']],
  // the Master's broadcast also reaches monitors; nobody else's does
  [[], MASTER_SEAT, 'BROADCAST', EVERYONE_FOR_MASTER],
  [[], MASTER_SEAT, 'PRESS TO ALL', EVERYONE_FOR_MASTER],
  [[], MASTER_SEAT, 'PRESS TO ALL BUT O', ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']],
  [[], MASTER_SEAT, 'PRESS TO M', 'Press refused: you cannot send press to yourself alone.'],
  // recipient lists
  [[], ENGLAND, 'PRESS TO FAI', ['AUSTRIA', 'FRANCE', 'ITALY']],
  [[], ENGLAND, 'PRESS +FAI', ['AUSTRIA', 'FRANCE', 'ITALY']],
  [[], ENGLAND, 'PRESS TO fai', ['AUSTRIA', 'FRANCE', 'ITALY']],
  [[], ENGLAND, 'PRESS TO France, Austria, italy', ['AUSTRIA', 'FRANCE', 'ITALY']],
  [[], ENGLAND, 'PRESS TO AIM', ['AUSTRIA', 'ITALY', 'M']],
  [[], ENGLAND, 'PRESS TO AIO', ['AUSTRIA', 'ITALY', 'O1', 'O2']],
  [[], ENGLAND, 'PRESS TO EF', ['FRANCE']],
  [[], FRANCE, 'PRESS TO ALL BUT E', ['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O1', 'O2']],
  [[], FRANCE, 'PRESS -E', ['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O1', 'O2']],
  [[], FRANCE, 'PRESS TO ALL BUT EO', ['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M']],
  [[], FRANCE, 'PRESS TO ALL BUT England, Master, Observers', ['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']],
  [[], FRANCE, 'PRESS TO ALL BUT AEGIRTMO', 'Press refused: you cannot send press to yourself alone.'],
  [[], FRANCE, 'PRESS TO F', 'Press refused: you cannot send press to yourself alone.'],
  [[], FRANCE, 'PRESS TO Xq', 'Press refused: "Xq" is not a power in this game.'],
  [[], FRANCE, 'PRESS TO Prussia', 'Press refused: "Prussia" is not a power in this game; did you mean Russia?'],
  [[], FRANCE, 'PRESS TO FAQ', 'Press refused: "FAQ" is not a power in this game, nor a list of initials (no power has the initial Q).'],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FAKE TO AQ', 'Press refused: "AQ" is not a power in this game, nor a list of initials (no power has the initial Q).'],
  [['FAKE_PRESS'], FRANCE, 'PRESS TO A FROM Q', 'Press refused: "Q" is not a power in this game.'],
];

describe('press rules × options (standard, a Master, two observers, a monitor)', () => {
  it.each(rows.map(([rules, sender, line, expected, status]) => ({ rules, sender, line, expected, status })))(
    '$rules $line from seat $sender.id ($status)',
    ({ rules, sender, line, expected, status }) => {
      const result = plan({ rules, sender, line, ...(status ? { status } : {}) });
      if (typeof expected === 'string') {
        expect(result).toEqual({ ok: false, reason: expected });
      } else {
        expect(receivers(result)).toEqual(expected);
      }
    },
  );
});

describe('seats with nobody behind them', () => {
  const germanyResigned = SEATS.map((s) => (s.power === 'GERMANY' ? { ...s, status: 'resigned' as const } : s));
  const italyDummy = SEATS.map((s) => (s.power === 'ITALY' ? { ...s, status: 'dummy' as const } : s));

  it('refuses press to a power with no player, naming it', () => {
    expect(plan({ sender: FRANCE, line: 'PRESS TO AG', seats: germanyResigned })).toEqual({
      ok: false,
      reason: 'Press refused: Germany has no player to read it.',
    });
    expect(plan({ sender: FRANCE, line: 'PRESS TO I', seats: italyDummy })).toEqual({
      ok: false,
      reason: 'Press refused: Italy has no player to read it.',
    });
  });

  it('skips vacant seats in broadcasts and TO ALL BUT, but archives the power for a later holder', () => {
    const broadcast = plan({ sender: FRANCE, line: 'BROADCAST', seats: germanyResigned });
    expect(receivers(broadcast)).toEqual(['AUSTRIA', 'ENGLAND', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O1', 'O2']);
    const allBut = plan({ sender: FRANCE, line: 'PRESS TO ALL BUT E', seats: germanyResigned });
    expect(receivers(allBut)).toEqual(['AUSTRIA', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O1', 'O2']);
    if (!allBut.ok) throw new Error('refused');
    expect(allBut.archive.recipients).toEqual(['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY', 'M', 'O']);
  });

  it('still delivers to players who are late, in civil disorder or eliminated', () => {
    const statuses = SEATS.map((s) =>
      s.power === 'AUSTRIA' ? { ...s, status: 'cd' as const } : s.power === 'ITALY' ? { ...s, status: 'eliminated' as const } : s,
    );
    expect(receivers(plan({ sender: FRANCE, line: 'PRESS TO AI', seats: statuses }))).toEqual(['AUSTRIA', 'ITALY']);
  });

  it('refuses press from a seat its player has left', () => {
    const resigned = { ...FRANCE, status: 'resigned' as const };
    expect(plan({ sender: resigned, line: 'PRESS TO I' })).toEqual({ ok: false, reason: 'Press refused: you no longer hold a seat in this game.' });
  });

  it('refuses an empty message', () => {
    expect(plan({ sender: FRANCE, line: 'PRESS TO I', text: '' })).toEqual({ ok: false, reason: 'Press refused: the message is empty.' });
  });

  it('delivers nothing to observers when there are none, and says so when nobody else is left', () => {
    const noObservers = SEATS.filter((s) => s.role !== 'observer');
    expect(plan({ sender: FRANCE, line: 'PRESS TO O', seats: noObservers })).toEqual({
      ok: false,
      reason: 'Press refused: nobody holds the seats it is addressed to.',
    });
    expect(receivers(plan({ sender: FRANCE, line: 'PRESS TO IO', seats: noObservers }))).toEqual(['ITALY']);
  });
});

describe('a forming game (players hold no power yet)', () => {
  const seats: readonly Seat[] = [
    { id: 21, role: 'power', power: null, address: mailAddress('first.joiner@players.test'), status: 'active', wait: false },
    { id: 22, role: 'power', power: null, address: mailAddress('second.joiner@players.test'), status: 'active', wait: false },
    { id: 23, role: 'power', power: null, address: mailAddress('third.joiner@players.test'), status: 'active', wait: false },
    MASTER_SEAT,
    OBSERVER_1,
  ];
  const second = seats[1]!;
  const ids = (result: ReturnType<typeof plan>) => (result.ok ? result.deliveries.map((d) => d.seatId).sort((a, b) => a - b) : result.reason);

  it('allows only broadcasts and press to the Master', () => {
    expect(plan({ sender: second, line: 'PRESS TO 1', status: 'forming', seats })).toEqual({ ok: false, reason: FORMING });
    expect(plan({ sender: second, line: 'PRESS TO ALL BUT 1', status: 'forming', seats })).toEqual({ ok: false, reason: FORMING });
    expect(ids(plan({ sender: second, line: 'PRESS TO M', status: 'forming', seats }))).toEqual([8]);
    expect(ids(plan({ sender: second, line: 'BROADCAST', status: 'forming', seats }))).toEqual([8, 9, 21, 23]);
  });

  it('names players by their pre-start number', () => {
    const result = plan({ sender: second, line: 'BROADCAST', status: 'forming', seats });
    if (!result.ok) throw new Error(result.reason);
    expect(result.deliveries[0]!.body.split('\n')[0]).toBe("Broadcast message from POWER#2 in 'demo':");
    expect(result.archive.sender).toBe('POWER#2');
    expect(result.archive.recipients).toEqual(['POWER#1', 'POWER#3', 'M', 'O']);
  });

  it('lets the Master write to pre-start seats by number', () => {
    const result = plan({ sender: MASTER_SEAT, line: 'PRESS TO 13', status: 'forming', seats });
    expect(ids(result)).toEqual([21, 23]);
    if (!result.ok) throw new Error(result.reason);
    expect(result.deliveries[0]!.body.split('\n')[0]).toBe("Message from the Master to POWER#1 and POWER#3 in 'demo':");
  });
});
