import type { SessionCommand } from '../../commands/command-types.ts';
import type { PowerId } from '../../engine/types.ts';
import type { Variant } from '../../engine/variant.ts';
import type { Game, MailAddress, Seat } from '../model.ts';

// The vocabulary of press planning: what the judge hands in, and the plan it gets back
// (who receives what, what the sender is told, what is archived, or why it is refused).

export type PressCommand = Extract<SessionCommand, { kind: 'press' }>;

/**
 * Someone press can name: a power id (`FRANCE`), a pre-start seat (`POWER#3`, forming
 * games only), the Master (`M`) or the observers as one group (`O`): all upper case, as power ids are.
 */
export type PartyId = PowerId;

export const MASTER_PARTY: PartyId = 'M';
export const OBSERVERS_PARTY: PartyId = 'O';
export const PRESTART_PREFIX = 'POWER#';

/** white: the real sender is shown; grey: no sender is shown; fake: another power is shown. */
export const PRESS_KINDS = ['white', 'grey', 'fake'] as const;
export type PressKind = (typeof PRESS_KINDS)[number];

export interface PlanPressInput {
  readonly variant: Variant;
  readonly game: Pick<Game, 'name' | 'status' | 'rules'> & Partial<Pick<Game, 'options'>>;
  readonly sender: Seat;
  /** Every seat of the game, the sender's included. */
  readonly seats: readonly Seat[];
  readonly command: PressCommand;
  /** Judge code for subjects (`DIP:demo - S1901M Press from F to I`). */
  readonly judgeCode?: string;
  /** Current phase for subjects; left out when null or missing. */
  readonly phase?: string | null;
  /** Where the sending power stands with its orders (MUST_ORDER, NO_LATE_PRESS); absent: nothing owed. */
  readonly standing?: PressStanding;
}

export interface PressStanding {
  /** The power owes orders this phase and has not sent a complete, error-free set. */
  readonly ordersMissing: boolean;
  /** The deadline has passed. */
  readonly afterDeadline: boolean;
}

// How a press is seen (the truth, or what its readers are shown) is render's vocabulary too.
export type { PressReader, PressView, PressViews } from '../../render/press-headers.ts';

export interface PressDelivery {
  readonly seatId: number;
  readonly address: MailAddress;
  readonly subject: string;
  readonly body: string;
}

export interface PressArchive {
  readonly kind: PressKind;
  /** The press really went to everyone. */
  readonly broadcast: boolean;
  /** Parties it was really addressed to, the sender excluded; all of them for a broadcast. */
  readonly recipients: readonly PartyId[];
  /** What readers were shown when that differs from the truth; null when they saw `recipients`. */
  readonly shownRecipients: readonly PartyId[] | null;
  /** Whether readers were shown a broadcast, when that differs from the truth; null otherwise. */
  readonly shownBroadcast: boolean | null;
  /** The power the press claimed to come from (kind `fake`); null otherwise. */
  readonly fakeSender: PartyId | null;
  /** The real sender as a party (a power id, `POWER#n`, `M` or `O`). */
  readonly sender: PartyId;
  readonly body: string;
}

export type PressPlan =
  | {
      readonly ok: true;
      readonly deliveries: readonly PressDelivery[];
      /** The paragraph for the sender's reply (QUIET: one line, nothing about the body). */
      readonly echo: string;
      readonly archive: PressArchive;
    }
  | { readonly ok: false; readonly reason: string };
