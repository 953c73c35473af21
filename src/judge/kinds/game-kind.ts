import type { CreateBlock, SessionBlock } from '../../commands/index.ts';
import type { BlockContext, JudgeConfig } from '../context.ts';
import type { Game, GameKindId, MailAddress } from '../model.ts';
import type { GameEvent, GamePorts, JudgeTransaction } from '../ports.ts';

// The seam between the judge and the games it hosts (boardgame.io's `Game` object is the model).
// A kind says how a game of it is created, what the people signed on to it may write, when its
// phase is ready and how it resolves, and what its timed events do. Everything around a game is
// shared by every kind: reading mail, passwords and their guard, seats and Masters, press, the
// outbox, timed jobs, the visibility policy and the web site. Diplomacy is one kind
// (src/judge/diplomacy/kind.ts); a kind's pure rules live in a core folder of their own beside
// src/engine, its use cases in a room of src/judge, and src/judge/kinds/registry.ts lists it.
// A kind that keeps its state as one value stores it in `Game.kindState`, loaded with the game's
// row and saved whole by `updateGame(id, { kindState })` through the unit of work.

export interface GameKind {
  readonly id: GameKindId;
  /** CREATE's word that picks the kind (`CREATE name password mafia`); null: the default kind, picked by a variant name or none. */
  readonly createWord: string | null;
  /** CREATE with its settings; the sender becomes the game's Master. */
  create(ctx: BlockContext<JudgeTransaction>, block: CreateBlock): Promise<void>;
  /** A block opened by SIGNON, JOIN, OBSERVE, RESIGN or TAKEOVER of one of the kind's games: who the sender is, then their commands. */
  session(ctx: BlockContext<JudgeTransaction>, block: SessionBlock): Promise<void>;
  /** After a mail changed the game: resolves its phase if it is ready, and says what the sender's reply tells of it. */
  processIfReady(tx: GamePorts, config: JudgeConfig, game: Game, now: Date, sender: MailAddress): Promise<TouchedGame | null>;
  /** A timed event of the game (deadline, reminder, grace …), in the scheduler's unit of work. */
  onEvent(tx: GamePorts, config: JudgeConfig, game: Game, event: GameEvent, now: Date): Promise<void>;
}

/** A game a mail touched, once the mail is done with it: its name and phase (for the log) and what the reply says of it. */
export interface TouchedGame {
  readonly name: string;
  /** The phase the game is in now, in the kind's own spelling (Diplomacy's `S1901M`); null before the start. */
  readonly phase: string | null;
  /** When the ready phase will be resolved, for the reply; null when nothing is to be said. */
  readonly note: string | null;
}
