import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/commands/index.ts';
import { wordedErrors } from '../support/command-words.ts';
import { unneededCommandText } from '../../src/render/command-problems.ts';

// Where a mail's commands end: what mail clients add below the player's text, and the prose
// around the commands before the first opener (inside a game's block the judge decides with the map).

describe('the end of the commands in a mail', () => {
  it.each([
    ['Gmail', 'On Tue, 3 Mar 2026 at 09:12, dipjudge <judge@judge.example> wrote:'],
    ['Gmail, wrapped', 'On Tue, 3 Mar 2026 at 09:12, dipjudge <\njudge@judge.example> wrote:'],
    ['Apple Mail', 'On 3 Mar 2026, at 09:12, dipjudge <judge@judge.example> wrote:'],
    ['Thunderbird', 'On 03/03/2026 09:12, dipjudge wrote:'],
    ['French', 'Le mar. 3 mars 2026 à 09:12, dipjudge <judge@judge.example> a écrit :'],
    ['German', 'Am 03.03.2026 um 09:12 schrieb dipjudge <judge@judge.example>:'],
    ['Spanish', 'El mar, 3 mar 2026 a las 09:12, dipjudge (<judge@judge.example>) escribió:'],
    ['Italian', 'Il giorno mar 3 mar 2026 alle ore 09:12 dipjudge <judge@judge.example> ha scritto:'],
    ['Dutch', 'Op di 3 mrt 2026 om 09:12 schreef dipjudge <judge@judge.example>:'],
    ['Outlook', '-----Original Message-----\nFrom: dipjudge\nSent: Tuesday'],
    ['Outlook, translated', '-----Ursprüngliche Nachricht-----'],
    ['Outlook web', '________________________________\nFrom: dipjudge <judge@judge.example>\nSent: Tuesday, March 3, 2026 9:12 AM'],
    ['Outlook header block alone', 'From: dipjudge <judge@judge.example>\nSent: Tuesday, March 3, 2026 9:12 AM'],
    ['German Outlook block', 'Von: dipjudge <judge@judge.example>\nGesendet: Dienstag, 3. März 2026 09:12'],
    ['Gmail forward', '---------- Forwarded message ---------'],
  ])('ends at the quote header of %s', (_client, header) => {
    const body = parseBody(`SIGNON Fdemo pw\nA Par - Bur\n\n${header}\n\n> SIGNON Fdemo ****\nF Bre - Mao\nLIST`);
    expect(body.end).toEqual({ kind: 'quoted-mail', line: 4 });
    expect(body.blocks[0]).toMatchObject({ kind: 'session', commands: [{ kind: 'order', text: 'A Par - Bur' }] });
    expect(wordedErrors(body.errors)).toEqual([]);
  });

  it.each(['Sent from my iPhone', 'Sent from my Galaxy', 'Get Outlook for Android', 'Von meinem iPhone gesendet', 'Envoyé de mon iPad'])(
    'ends at "%s"',
    (line) => {
      const body = parseBody(`SIGNON Fdemo pw\nA Par - Bur\n\n${line}\nF Bre - Mao`);
      expect(body.end).toEqual({ kind: 'sent-from', line: 4 });
      expect(body.blocks[0]!.kind === 'session' && body.blocks[0]!.commands).toHaveLength(1);
    },
  );

  it('ends press at a quote header too, so the quoted mail is never sent as press', () => {
    const body = parseBody('SIGNON Fdemo pw\nPRESS TO E\nHello England\nOn Tue, 3 Mar 2026 at 09:12, England wrote:\n> secret');
    expect(body.blocks[0]).toMatchObject({ commands: [{ kind: 'press', body: 'Hello England', end: { kind: 'quoted-mail', line: 4 } }] });
  });

  it('does not mistake ordinary lines for quote headers', () => {
    for (const line of ['On second thought, hold in Paris', 'From: now on I hold', 'Sent: yes', 'Il faut tenir', '---', '__']) {
      expect(parseBody(`LIST\n${line}`).end.kind, line).toBe('end-of-text');
    }
  });

  it('sets aside prose before the first command and after the last one; prose between commands is an error', () => {
    const body = parseBody('Hi judge,\nplease list the games.\nLIST\nthanks a lot\nHELP\nCheers,\nBob');
    expect(body.proseLines).toEqual([1, 2, 6, 7]);
    expect(body.errors.map((e) => e.line)).toEqual([4]);
    // An order before any SIGNON is still refused, and an unknown word in capitals is a command, not prose.
    expect(parseBody('Hi,\nA Par - Bur').errors.map((e) => e.line)).toEqual([2]);
    expect(parseBody('FOOBAR').errors.map((e) => e.line)).toEqual([1]);
  });
});

describe('misspelt and unneeded commands', () => {
  it('suggests the command a misspelt PRESS meant and keeps its body out of the orders', () => {
    const body = parseBody('SIGNON Fdemo pw\nPRSS TO E\nMeet me in Belgium\nand bring a fleet\nENDPRESS\nA Par - Bur');
    expect(wordedErrors(body.errors)).toEqual([
      {
        line: 2,
        text: 'PRSS TO E',
        message: '"PRSS" is not a command; did you mean PRESS? Its text up to ENDPRESS was not sent',
        block: 0,
        consumedLines: [3, 4, 5],
      },
    ]);
    expect(body.blocks[0]).toMatchObject({ commands: [{ kind: 'order', text: 'A Par - Bur' }] });
    expect(wordedErrors(parseBody('LSIT demo').errors)[0]!.message).toBe('"LSIT" is not a command; did you mean LIST?');
    // Greetings that happen to be near a command stay prose.
    expect(parseBody('Hallo,\nPlease\nLIST').errors).toEqual([]);
  });

  it('answers REGISTER (with its form), I AM ALSO, GET file and WHOIS with one line each, never an error', () => {
    const body = parseBody('REGISTER\nName: Ann Smith\nAddress: 1 Main St\nCountry: UK\nEND\nI AM ALSO old@example.org\nGET info\nWHOIS smith\nLIST');
    expect(wordedErrors(body.errors)).toEqual([]);
    expect(body.notes.map((n) => [n.line, unneededCommandText(n.name, n.unneeded).split(':')[0]])).toEqual([
      [1, 'REGISTER is not needed on this judge'],
      [6, 'I AM ALSO is not needed on this judge'],
      [7, 'GET INFO is not needed on this judge'],
      [8, 'WHOIS is not needed on this judge'],
    ]);
    expect(body.notes[0]!.consumedLines).toEqual([2, 3, 4, 5]);
    expect(body.blocks[0]).toMatchObject({ commands: [{ kind: 'list' }] });
  });
});
