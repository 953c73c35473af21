import { describe, expect, it } from 'vitest';
import {
  addressCodeSubject,
  addressList,
  renderAddressCodeMail,
  renderAddressConfirmed,
  renderAddressesSet,
  renderBareStopReply,
  renderStopNotice,
  renderUnknownStopToken,
  stopNoticeSubject,
} from '../../src/render/address-replies.ts';

// The words about addresses, as players and Masters have always had them
// (test/judge/mail-addresses.test.ts plays STOP, SET ADDRESS and CONFIRM ADDRESS by mail).

const set = { gameName: 'demo', current: ['ann@a.example'], kept: [], keptChanged: false, dropped: [], stopped: [], fresh: [] };

describe('address replies', () => {
  it('lists addresses', () => {
    expect(addressList([])).toBe('');
    expect(addressList(['a@x'])).toBe('a@x');
    expect(addressList(['a@x', 'b@x', 'c@x'])).toBe('a@x, b@x and c@x');
  });

  it('answers STOP', () => {
    expect(renderUnknownStopToken('abc')).toBe(
      'The code in your STOP mail (abc) is not one this judge gave out, so nothing was stopped. Send the STOP line printed at the end of any mail from this judge, exactly as it is written there.',
    );
    expect(renderBareStopReply('ann@a.example').split('\n')).toEqual([
      "To stop all mail from this judge to ann@a.example, send the STOP line printed at the end of this mail (or any other mail from this judge) as the Subject of a mail to the judge, or use your mail program's unsubscribe button.",
      'Nothing has been stopped yet: the code in that line shows the request comes from someone who reads mail at this address.',
    ]);
  });

  it("tells a game's Master whose address stopped", () => {
    expect(renderStopNotice({ gameName: 'demo', role: 'power', power: 'France' })).toBe(
      "The player of France in game 'demo' asked this judge to send no more mail to their address.\nThey get no results, press or notices until they write to the judge again with their password.\nIf they stop sending orders, their power goes into civil disorder as usual; you may look for a replacement.\n",
    );
    expect(renderStopNotice({ gameName: 'demo', role: 'observer', power: null })).toBe(
      "An observer in game 'demo' asked this judge to send no more mail to their address.\nThey get no results, press or notices until they write to the judge again with their password.\n",
    );
    expect(renderStopNotice({ gameName: 'demo', role: 'power', power: null }).split('\n')[0]).toBe(
      "A player in game 'demo' asked this judge to send no more mail to their address.",
    );
    expect(stopNoticeSubject('dip', 'demo')).toBe('dip:demo Address stopped');
  });

  it('answers SET ADDRESS', () => {
    expect(renderAddressesSet(set)).toBe("Mail for you in game 'demo' still goes to ann@a.example.");
    expect(renderAddressesSet({ ...set, kept: ['ann@a.example'] })).toBe("Mail for you in game 'demo' already goes to ann@a.example.");
    expect(
      renderAddressesSet({ ...set, current: ['ann@a.example', 'ann@b.example'], kept: ['ann@b.example'], keptChanged: true, dropped: ['ann@a.example'] }),
    ).toBe("Mail for you in game 'demo' now goes to ann@b.example.\nIt no longer goes to ann@a.example.");
    expect(renderAddressesSet({ ...set, fresh: ['ann@c.example'] })).toBe(
      "A code was mailed to ann@c.example. Mail for you in game 'demo' goes there once that code comes back from ann@c.example (reply to the mail, or send CONFIRM ADDRESS and the code).\nUntil then it still goes to ann@a.example.",
    );
    expect(renderAddressesSet({ ...set, kept: ['ann@a.example'], fresh: ['ann@c.example', 'ann@d.example'], stopped: ['ann@e.example'] })).toBe(
      [
        'No code was mailed to ann@e.example: that address has asked this judge to stop all mail. A mail from there with a valid password lifts the stop; then send SET ADDRESS again.',
        "A code was mailed to each of ann@c.example and ann@d.example. Mail for you in game 'demo' goes to each of them once its own code comes back from there (reply to the mail, or send CONFIRM ADDRESS and the code).",
        'Until then it goes only to ann@a.example.',
      ].join('\n'),
    );
  });

  it('writes the code mail', () => {
    expect(renderAddressCodeMail({ gameName: 'demo', judgeAddress: 'judge@dip.example', address: 'ann@c.example', code: 'ABCDEFGH23', days: 7 })).toBe(
      [
        "Someone playing in game 'demo' on the Diplomacy judge judge@dip.example asked for their mail in that game to go to this address, ann@c.example.",
        '',
        'If that was you, reply to this mail, or send a mail to the judge whose Subject or first line is:',
        '',
        '  CONFIRM ADDRESS ABCDEFGH23',
        '',
        'The code works once, for 7 days. If you did not ask for this, do nothing: nothing changes, and this judge will not write to you about it again.',
      ].join('\n'),
    );
    expect(addressCodeSubject('dip', 'demo', 'ABCDEFGH23')).toBe('dip:demo confirm address ABCDEFGH23');
  });

  it('answers CONFIRM ADDRESS', () => {
    expect(renderAddressConfirmed({ kind: 'confirmed', gameName: 'demo', addresses: ['ann@a.example', 'ann@c.example'] })).toBe(
      "Mail for you in game 'demo' now goes to ann@a.example and ann@c.example.",
    );
    expect(renderAddressConfirmed({ kind: 'no-change', sender: 'ann@c.example', code: 'ABCDEFGH23', days: 7 })).toBe(
      'No address change for ann@c.example waits for the code ABCDEFGH23: a code works once, for 7 days, only from the address it was mailed to, and only the latest SET ADDRESS of a seat counts. Nothing was changed; send SET ADDRESS again for a new code.',
    );
  });
});
