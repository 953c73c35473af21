import type { InfoCommand } from '../../commands/index.ts';
import type { MailCapNote } from '../../render/index.ts';

// What one mail may make the judge do (issue 25), besides the cap on its blocks naming a game
// (src/commands/mail-caps.ts): information commands answered, and press sent, per mail and per
// sender per hour. What is past a cap is not done and the reply's closing notes say so; the rest
// of the mail stands.

/** Different information commands (HELP, LIST, HISTORY …) answered per mail; a repeat is answered once and not counted. */
export const MAX_INFO_COMMANDS_PER_MAIL = 20;
/** PRESS and BROADCAST messages sent per mail. */
export const MAX_PRESS_PER_MAIL = 10;
/** PRESS and BROADCAST messages sent per hour by one address, in every game. */
export const MAX_PRESS_PER_HOUR = 30;

/** New passwords set per mail (CREATE, JOIN, OBSERVE, TAKEOVER, SET PASSWORD, REVIVE): each costs a scrypt hash. */
export const MAX_NEW_PASSWORDS_PER_MAIL = 10;

const HOUR_MS = 3_600_000;

export class MailWork {
  private readonly infoAsked = new Set<string>();
  private infoRepeats = 0;
  private infoOverCap = 0;
  private pressSent = 0;
  private readonly pressOverMail: number[] = [];
  private readonly pressOverHour: number[] = [];
  /** Press the sender had sent in the hour before this mail, read once at its first press. */
  private pressBefore: number | null = null;
  private newPasswords = 0;

  /** Whether one more new password may be hashed in this mail; counted when it may. */
  hashesNewPassword(): boolean {
    if (this.newPasswords >= MAX_NEW_PASSWORDS_PER_MAIL) return false;
    this.newPasswords++;
    return true;
  }

  /** Whether to answer the information command: not when asked before in this mail, nor past the cap. */
  answersInfo(command: InfoCommand, signedOn: string | null): boolean {
    // LIST after a SIGNON asks about that game: the same words outside it are another question.
    const key = `${signedOn ?? ''} ${command.text.trim().replace(/\s+/g, ' ').toUpperCase()}`;
    if (this.infoAsked.has(key)) {
      this.infoRepeats++;
      return false;
    }
    if (this.infoAsked.size >= MAX_INFO_COMMANDS_PER_MAIL) {
      this.infoOverCap++;
      return false;
    }
    this.infoAsked.add(key);
    return true;
  }

  /** Repeated information commands left unanswered (the reply says they were answered once). */
  get repeatedInfo(): number {
    return this.infoRepeats;
  }

  /**
   * Whether the press on `line` may be sent: counted when it may. `sentThisHour` reads how much
   * the sender sent in the last hour before this mail (asked once per mail).
   */
  async mayPress(line: number, sentThisHour: (since: Date) => Promise<number>, now: Date): Promise<boolean> {
    if (this.pressSent >= MAX_PRESS_PER_MAIL) {
      this.pressOverMail.push(line);
      return false;
    }
    this.pressBefore ??= await sentThisHour(new Date(now.getTime() - HOUR_MS));
    if (this.pressBefore + this.pressSent >= MAX_PRESS_PER_HOUR) {
      this.pressOverHour.push(line);
      return false;
    }
    this.pressSent++;
    return true;
  }

  /** The closing notes of the reply: what was left out because of a cap. */
  notes(): MailCapNote[] {
    const notes: MailCapNote[] = [];
    if (this.infoOverCap > 0) notes.push({ kind: 'info', limit: MAX_INFO_COMMANDS_PER_MAIL, skipped: this.infoOverCap });
    if (this.pressOverMail.length > 0) notes.push({ kind: 'press', per: 'mail', limit: MAX_PRESS_PER_MAIL, lines: this.pressOverMail });
    if (this.pressOverHour.length > 0) notes.push({ kind: 'press', per: 'hour', limit: MAX_PRESS_PER_HOUR, lines: this.pressOverHour });
    return notes;
  }
}
