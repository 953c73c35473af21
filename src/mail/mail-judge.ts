import { createHash } from 'node:crypto';
import type { InboundMail } from '../judge/inbound-mail.ts';
import { Judge, type JudgeLog, type ReceiveOutcome } from '../judge/judge.ts';
import type { JudgeConfig } from '../judge/context.ts';
import type { InboundOrigin, JudgeStore } from '../judge/ports.ts';
import { parseInboundMessage, replyDecision, type InboundMessage } from './inbound-message.ts';

// Raw mail into the judge: the mail layer decodes the MIME and applies its rules on automatic
// mail (RFC 3834, loops), then hands the judge its own InboundMail. A mail that cannot be read
// at all is recorded as failed under an id derived from its bytes, so a replay is still caught.

export class MailJudge {
  readonly judge: Judge;
  private readonly judgeAddress: string;

  constructor(store: JudgeStore, config: JudgeConfig, random?: () => number, clock?: () => Date, log?: JudgeLog) {
    this.judge = new Judge(store, config, random, clock, log);
    this.judgeAddress = config.address;
  }

  /** Reads and judges one mail; see Judge.receive. */
  async receive(raw: Buffer | string, origin?: InboundOrigin | null): Promise<ReceiveOutcome> {
    let mail: InboundMail;
    try {
      mail = await readInboundMail(raw, this.judgeAddress);
    } catch (error) {
      return this.judge.recordUnreadable(syntheticMessageId(raw), origin, error);
    }
    return this.judge.receive(mail, origin);
  }

  /** Reads several mails and judges them in one transaction; see Judge.receiveAll (a mail that cannot be read throws). */
  async receiveAll(mails: readonly { readonly raw: Buffer | string; readonly origin?: InboundOrigin | null }[]): Promise<ReceiveOutcome[]> {
    const read = [];
    for (const { raw, origin } of mails) read.push({ message: await readInboundMail(raw, this.judgeAddress), origin });
    return this.judge.receiveAll(read);
  }
}

/** The judge's view of a raw mail: parsed, its reply address decided and the reply rules applied. */
export async function readInboundMail(raw: Buffer | string, judgeAddress: string): Promise<InboundMail> {
  return toInboundMail(await parseInboundMessage(raw), raw, judgeAddress);
}

export function toInboundMail(message: InboundMessage, raw: Buffer | string, judgeAddress: string): InboundMail {
  const decision = message.replyAddress === null ? { reply: false as const, reason: 'the mail names no sender' } : replyDecision(message, judgeAddress);
  return {
    id: message.messageId ?? syntheticMessageId(raw),
    messageId: message.messageId,
    from: message.from,
    replyAddress: message.replyAddress,
    subject: message.subject,
    references: message.references,
    text: message.text ?? '',
    sizeBytes: message.sizeBytes,
    noReplyReason: decision.reply ? null : decision.reason,
  };
}

/** For mail without a Message-ID: the same bytes always give the same id, so a replay is still caught. */
function syntheticMessageId(raw: Buffer | string): string {
  return `<sha256-${createHash('sha256').update(raw).digest('hex')}@dipjudge.invalid>`;
}
