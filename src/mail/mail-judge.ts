import { createHash } from 'node:crypto';
import { mimeFailureText, noReplyText } from '../render/mail-reasons.ts';
import type { InboundMail } from '../judge/mail/inbound-mail.ts';
import { Judge, type JudgeLog, type ReceiveOutcome } from '../judge/judge.ts';
import type { JudgeConfig } from '../judge/context.ts';
import type { InboundOrigin, JudgeStore } from '../judge/ports.ts';
import { MAX_ADDRESS_LENGTH } from '../judge/model.ts';
import { parseInboundMessage, replyDecision, senderAuthentication, type InboundMessage } from './inbound-message.ts';

// Raw mail into the judge: the mail layer decodes the MIME and applies its rules on automatic
// mail (RFC 3834, loops), then hands the judge its own InboundMail. A mail that cannot be read
// at all is recorded as failed under an id derived from its bytes, so a replay is still caught.

export class MailJudge {
  readonly judge: Judge;
  private readonly judgeAddress: string;
  private readonly maxMessageBytes: number;
  private readonly authservId: string | null;

  constructor(store: JudgeStore, config: JudgeConfig, random?: () => number, clock?: () => Date, log?: JudgeLog) {
    this.judge = new Judge(store, config, random, clock, log);
    this.judgeAddress = config.address;
    this.authservId = config.authservId ?? null;
    this.maxMessageBytes = config.maxMessageBytes ?? 256 * 1024;
  }

  /**
   * Reads and judges one mail; see Judge.receive. `sizeBytes` is the size of the whole mail when
   * `raw` holds only its start (the spool and the IMAP intake read no more of a mail over the
   * size limit): it is then answered from its headers.
   */
  async receive(raw: Buffer | string, origin?: InboundOrigin | null, options: { readonly sizeBytes?: number } = {}): Promise<ReceiveOutcome> {
    let mail: InboundMail;
    try {
      mail = await this.read(raw, options.sizeBytes);
    } catch (error) {
      return this.judge.recordUnreadable(syntheticMessageId(raw), origin, error);
    }
    return this.judge.receive(mail, origin);
  }

  /**
   * Reads a mail for the queue of recorded mail (src/store/inbound-queue.ts), where any process
   * judges it later: the mail as the judge takes it, or, when it cannot be read at all, the id
   * derived from its bytes and why. See receive() for `sizeBytes`.
   */
  async readForQueue(
    raw: Buffer,
    options: { readonly sizeBytes?: number } = {},
  ): Promise<{ readonly mail: InboundMail } | { readonly id: string; readonly unreadable: string }> {
    try {
      return { mail: await this.read(raw, options.sizeBytes) };
    } catch (error) {
      return {
        id: syntheticMessageId(raw),
        unreadable: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 500) : String(error).slice(0, 500),
      };
    }
  }

  /** Reads several mails and judges them in one transaction; see Judge.receiveAll (a mail that cannot be read throws). */
  async receiveAll(mails: readonly { readonly raw: Buffer | string; readonly origin?: InboundOrigin | null }[]): Promise<ReceiveOutcome[]> {
    const read = [];
    for (const { raw, origin } of mails) read.push({ message: await this.read(raw, undefined), origin });
    return this.judge.receiveAll(read);
  }

  /**
   * The mail as the judge takes it. Over the size limit only its headers are parsed (the refusal
   * needs no more); a mail the MIME parser gives up on (nesting too deep, say) is read from its
   * headers too and marked unreadable, so its sender still hears why it was refused.
   */
  private async read(raw: Buffer | string, wholeSize: number | undefined): Promise<InboundMail> {
    const mail = await this.readMessage(raw, wholeSize);
    return this.authservId === null ? mail : { ...mail, senderAuth: senderAuthentication(mail.authenticationResults, this.authservId) };
  }

  private async readMessage(raw: Buffer | string, wholeSize: number | undefined): Promise<InboundMail & { readonly authenticationResults: readonly string[] }> {
    const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
    const sizeBytes = wholeSize ?? bytes.length;
    // Of a mail read from its headers alone the Subject is dropped: with the body unread, a
    // password written in the Subject could not be told from other words.
    if (sizeBytes > this.maxMessageBytes)
      return { ...toInboundMail(await parseInboundMessage(headerSection(bytes)), bytes, this.judgeAddress), subject: '', sizeBytes };
    try {
      return toInboundMail(await parseInboundMessage(bytes), bytes, this.judgeAddress);
    } catch (error) {
      const headers = toInboundMail(await parseInboundMessage(headerSection(bytes)), bytes, this.judgeAddress);
      return { ...headers, subject: '', sizeBytes, unreadable: describeParseFailure(error) };
    }
  }
}

/** The judge's view of a raw mail: parsed, its reply address decided and the reply rules applied. */
export async function readInboundMail(raw: Buffer | string, judgeAddress: string): Promise<InboundMail> {
  return toInboundMail(await parseInboundMessage(raw), raw, judgeAddress);
}

export function toInboundMail(
  message: InboundMessage,
  raw: Buffer | string,
  judgeAddress: string,
): InboundMail & { readonly authenticationResults: readonly string[] } {
  const noSender = message.unusableAddress ? noReplyText({ kind: 'unusable-sender', maxLength: MAX_ADDRESS_LENGTH }) : noReplyText({ kind: 'no-sender' });
  const decision = message.replyAddress === null ? { reply: false as const, reason: noSender } : replyDecision(message, judgeAddress);
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
    authenticationResults: message.authenticationResults,
  };
}

/** Of a mail over the size limit no more than this is read: its headers, to answer it. */
export const OVERSIZED_HEAD_BYTES = 64 * 1024;

/** The header section of a mail (up to its first empty line), at most OVERSIZED_HEAD_BYTES. */
export function headerSection(raw: Buffer): Buffer {
  const head = raw.subarray(0, OVERSIZED_HEAD_BYTES);
  const end = /\r?\n\r?\n/.exec(head.toString('latin1'));
  return end ? head.subarray(0, end.index + end[0].length) : Buffer.concat([head, Buffer.from('\r\n\r\n')]);
}

/** Why the MIME parser gave up, in a player's words. */
function describeParseFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return mimeFailureText(code === 'EMAXLEN');
}

/**
 * For mail without a Message-ID, or with junk for one (inbound-message.ts messageIdOf): the same
 * bytes always give the same id, so a replay is still caught, and different mails never share one.
 */
function syntheticMessageId(raw: Buffer | string): string {
  return `<sha256-${createHash('sha256').update(raw).digest('hex')}@dipjudge.invalid>`;
}
