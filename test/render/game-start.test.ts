import { describe, expect, it } from 'vitest';
import { HIDDEN_ADDRESS, mapperHeader, renderGameStart, renderPowerAssignment, withMapperHeader, type SeatAssignment } from '../../src/render/index.ts';
import { expectGolden, standard } from './helpers.ts';

// The game-start mail as njudge's `mail_igame` (ml_signon.c) writes it, laid out as
// docs/mail_format.html "Game starts" describes for parsers: five blanks and the seat, the address
// from the 19th character, the starting position with the unit type in five columns (njudge's
// data/report.standard), two blank lines and "The deadline for the first orders is …".

const assignments: SeatAssignment[] = [
  { seat: 'MASTER', address: 'gm@example.org' },
  { seat: 'AUSTRIA', address: 'austria@example.org' },
  { seat: 'ENGLAND', address: 'england@example.org' },
  { seat: 'FRANCE', address: 'france@example.org' },
  { seat: 'GERMANY', address: 'germany@example.org' },
  { seat: 'ITALY', address: 'italy@example.org' },
  { seat: 'RUSSIA', address: 'russia@example.org' },
  { seat: 'TURKEY', address: 'turkey@example.org' },
  { seat: 'OBSERVER', address: 'observer@floc.net' },
];

/** The list as the judge hands it for one reader: the addresses at `shown` kept, the others withheld. */
function withheld(shown: readonly number[]): SeatAssignment[] {
  return assignments.map((a, index) => (shown.includes(index) ? a : { ...a, address: null }));
}

function startMail(recipient: number | null, gunboat: boolean, listed: readonly SeatAssignment[] = assignments): string {
  const header = mapperHeader({
    judgeCode: 'TEST',
    gameName: 'demo',
    variantTitle: 'Standard',
    variantOptions: gunboat ? ['Gunboat'] : [],
    phase: 'S1901M',
    deadline: 'Mon Jan 12 2004 23:30:00 +0000',
  });
  const body = renderGameStart({
    variant: standard,
    gameName: 'demo',
    assignments: listed,
    recipient,
    position: standard.startingPosition(),
    deadline: 'Mon Jan 12 2004 23:30:00 +0000',
  });
  return withMapperHeader(header, body);
}

describe('renderGameStart', () => {
  it('names the power, lists everyone with addresses from column 19 and shows the starting position', () => {
    expectGolden('game-start', startMail(1, false));
  });

  it('writes someone@somewhere for every address withheld from the reader (a gunboat player’s copy)', () => {
    const mail = startMail(1, true, withheld([0, 1]));
    expectGolden('game-start-gunboat', mail);
    for (const other of assignments.slice(2)) expect(mail).not.toContain(other.address!);
    expect(mail).toContain('austria@example.org');
    expect(mail).toContain('gm@example.org');
  });

  it('writes the Master’s copy with every address given', () => {
    const mail = startMail(0, true);
    for (const seat of assignments) expect(mail).toContain(seat.address!);
    expect(mail).toContain("You have been selected as Master in game 'demo' of Diplomacy.");
  });

  it('writes the archive copy as an observer’s', () => {
    const mail = startMail(null, true, withheld([0]));
    expect(mail).toContain("You have been selected as Observer in game 'demo' of Diplomacy.");
    expect(mail.match(new RegExp(HIDDEN_ADDRESS, 'g'))).toHaveLength(8);
  });

  it('writes someone@somewhere for an address the caller withheld', () => {
    const body = renderGameStart({
      variant: standard,
      gameName: 'demo',
      assignments: [{ seat: 'AUSTRIA', address: null }],
      recipient: null,
      position: standard.startingPosition(),
      deadline: 'x',
    });
    expect(body).toContain('     Austria:     someone@somewhere\n');
    expect(
      body
        .split('\n')
        .find((l) => l.includes('Austria:'))!
        .indexOf('someone'),
    ).toBe(18);
  });

  it('says so when the game has no first deadline', () => {
    const body = renderGameStart({ variant: standard, gameName: 'demo', assignments, recipient: null, position: standard.startingPosition(), deadline: null });
    expect(body).toContain('The deadline for the first orders is not set: orders are processed as soon as all are in.');
  });
});

describe('renderPowerAssignment', () => {
  it('is the sentence jDip looks for to recognise a game start', () => {
    expect(renderPowerAssignment(standard, 'demo', 'TURKEY')).toBe("You have been selected as Turkey in game 'demo' of Diplomacy.");
    expect(renderPowerAssignment(standard, 'demo', 'TURKEY')).toMatch(/you\s+have\s+been\s+selected\s+as/i);
  });
});

describe('how a newcomer orders', () => {
  it("gives a many-power variant's sign-on letter and, where the game starts with builds, a build", async () => {
    const { loadVariant } = await import('../../src/catalog/variant-catalog.ts');
    const chaos = loadVariant('chaos');
    const berlin = chaos.powers.find((p) => p.name === 'Berlin')!;
    const mail = renderGameStart({
      variant: chaos,
      gameName: 'mess',
      assignments: [{ seat: berlin.id, address: 'b@example.org' }],
      recipient: 0,
      position: chaos.startingPosition(),
      deadline: null,
    });
    expect(mail).toContain(
      `Your sign-on letter is ${berlin.initial}. To enter orders, send the judge a mail such as:\n\n  SIGNON ${berlin.initial}mess <your password>\n  BUILD A Ber\n\nYou have no units yet: your first orders are builds on your home centres.\n`,
    );
    expect(berlin.initial).not.toBe('B');
  });

  it('tells the Master how to sign on, and the archive copy nothing', () => {
    expect(startMail(0, false)).toContain('To act as the Master, start a mail to the judge with SIGNON Mdemo <your password>.');
    expect(startMail(null, false)).not.toMatch(/SIGNON/);
  });
});
