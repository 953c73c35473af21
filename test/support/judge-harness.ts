import { Judge } from '../../src/judge/judge.ts';
import type { InboundMail } from '../../src/judge/mail/inbound-mail.ts';
import type { JudgeStore } from '../../src/judge/ports.ts';
import { gameName } from './names.ts';
import { mailAddress } from '../../src/judge/model.ts';

// The judge driven directly with InboundMail values (the judge's own type, what the mail layer
// hands it): no MIME, no database when given the in-memory store. For fast judge unit tests.

export const HARNESS_JUDGE = { address: 'judge@judge.example', name: 'dipjudge', code: 'DIP', passwordCost: 1024 };
export const POWER_INITIALS: Record<string, string> = { AUSTRIA: 'A', ENGLAND: 'E', FRANCE: 'F', GERMANY: 'G', ITALY: 'I', RUSSIA: 'R', TURKEY: 'T' };

let serial = 0;

/** A plain-text mail from `from` as the mail layer would give it to the judge. */
export function inboundMail(from: string, text: string): InboundMail {
  const id = `<harness-${++serial}@players.example>`;
  return {
    id,
    messageId: id,
    from: mailAddress(from),
    replyAddress: mailAddress(from),
    subject: 'orders',
    references: [],
    text,
    sizeBytes: text.length + 200,
    noReplyReason: null,
  };
}

export interface HarnessGame {
  readonly judge: Judge;
  /** Sends `lines` signed on as the power's player. */
  as(power: string, lines: string): Promise<void>;
}

/**
 * CREATE demo (the Master gm@players.example) with `createLines`, then seven JOINs, so the game
 * starts; processed as soon as all orders are in (TIMING MIN 0 DELAY 0).
 */
export async function startHarnessGame(store: JudgeStore, createLines = '', clock: () => Date = () => new Date()): Promise<HarnessGame> {
  const judge = new Judge(store, HARNESS_JUDGE, () => 0.3, clock);
  await judge.receive(inboundMail('gm@players.example', `CREATE demo gmpass\nTIMING MIN 0 DELAY 0\n${createLines}\nFORM`));
  for (let i = 1; i <= 7; i++) await judge.receive(inboundMail(`p${i}@players.example`, `JOIN demo pw${i}`));
  const seats = await store.transaction(async (tx) => tx.seats((await tx.findGame(gameName('demo')))!.id));
  const holder = new Map<string, { address: string; password: string }>(
    seats.filter((s) => s.role === 'power').map((s) => [s.power!, { address: s.address, password: `pw${s.address.slice(1, 2)}` }]),
  );
  return {
    judge,
    async as(power, lines) {
      const { address, password } = holder.get(power)!;
      await judge.receive(inboundMail(address, `SIGNON ${POWER_INITIALS[power]}demo ${password}\n${lines}`));
    },
  };
}
