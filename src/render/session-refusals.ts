import { didYouMean, orList } from '../engine/suggest.ts';
import { ordinal } from './ordinal.ts';
import { REFUSED_OPTIONS, REFUSED_RULES } from './refused-options.ts';
import { gateActionText, unmetGateText, type GateAction, type UnmetGate } from './signon-gates.ts';

// Why a signed-on player's command, a JOIN, SIGNON, OBSERVE or TAKEOVER, a SET option or RULE
// line or a PRESS is refused, by kind: the judge decides that and why, these write it.

export type SessionRefusal = SignonRefusal | SeatRefusal | VoteRefusal | OptionRefusal | { readonly kind: 'press'; readonly reason: PressRefusal };

/** Why an opener lets nobody in. */
export type SignonRefusal =
  | { readonly kind: 'bad-signon' }
  /** Too many wrong passwords for the seat or from the address lately: this one was not checked. */
  | { readonly kind: 'password-attempts-locked'; readonly until: Date }
  /** A new password (CREATE, JOIN, OBSERVE, TAKEOVER, SET PASSWORD) shorter than the judge's minimum. */
  | { readonly kind: 'password-too-short'; readonly minimum: number }
  /** A mail setting more new passwords than the judge hashes per mail. */
  | { readonly kind: 'too-many-new-passwords'; readonly limit: number }
  /** An order naming a power that is not in the game, or another player's power. */
  | { readonly kind: 'order-not-a-power'; readonly written: string; readonly powers: readonly string[] }
  | { readonly kind: 'order-other-power'; readonly powerName: string }
  /** Blind: the order names a unit in a province its player cannot see, and the power has none there. */
  | { readonly kind: 'order-no-own-unit-unseen'; readonly powerName: string; readonly province: string }
  /** A player's command in a mail with no SIGNON before it. */
  | { readonly kind: 'signon-first'; readonly command: string }
  | { readonly kind: 'game-terminated'; readonly gameName: string }
  | { readonly kind: 'signon-not-forming'; readonly gameName: string; readonly status: string; readonly initial: string }
  | { readonly kind: 'variant-mismatch'; readonly gameName: string; readonly variantTitle: string; readonly written: string }
  | { readonly kind: 'game-private'; readonly gameName: string }
  | { readonly kind: 'not-taking-players'; readonly gameName: string; readonly status: string }
  | { readonly kind: 'already-in-game'; readonly gameName: string }
  | { readonly kind: 'powers-at-random'; readonly gameName: string }
  | { readonly kind: 'not-a-power-in-variant'; readonly written: string; readonly variantTitle: string; readonly powers: readonly string[] }
  | { readonly kind: 'power-taken'; readonly power: string }
  | { readonly kind: 'access-denied'; readonly gameName: string; readonly action: GateAction }
  | { readonly kind: 'gates-unmet'; readonly gameName: string; readonly action: GateAction; readonly unmet: readonly UnmetGate[] }
  | { readonly kind: 'observer-name'; readonly name: string }
  | { readonly kind: 'already-resigned'; readonly power: string }
  | { readonly kind: 'already-master'; readonly gameName: string }
  | { readonly kind: 'no-such-power'; readonly gameName: string }
  | { readonly kind: 'power-being-played'; readonly power: string }
  | { readonly kind: 'already-playing'; readonly gameName: string };

/** Why a signed-on sender may not do this with their seat. */
export type SeatRefusal =
  | { readonly kind: 'game-purged'; readonly gameName: string }
  | { readonly kind: 'stepped-down'; readonly gameName: string }
  | { readonly kind: 'master-cannot-wait' }
  | { readonly kind: 'real-time-no-wait'; readonly gameName: string }
  | { readonly kind: 'not-an-address'; readonly address: string }
  | { readonly kind: 'master-cannot-resign' }
  | { readonly kind: 'command-not-available'; readonly written: string }
  | { readonly kind: 'preferences-not-player' }
  | { readonly kind: 'preferences-game-started'; readonly gameName: string }
  | { readonly kind: 'preferences-power-chosen'; readonly power: string }
  | { readonly kind: 'not-a-power'; readonly token: string; readonly error: string }
  | { readonly kind: 'preferences-not-powers' }
  | { readonly kind: 'holds-no-power' }
  | { readonly kind: 'power-vacated' }
  | { readonly kind: 'game-not-played'; readonly gameName: string; readonly status: string }
  | { readonly kind: 'no-orders-owed'; readonly power: string; readonly phase: string };

/** Why a draw, concession or proposal vote is refused. */
export type VoteRefusal =
  | { readonly kind: 'no-draws'; readonly gameName: string }
  | { readonly kind: 'no-concessions'; readonly gameName: string }
  | { readonly kind: 'no-largest-power' }
  | { readonly kind: 'largest-is-self'; readonly power: string }
  | { readonly kind: 'no-open-proposal' }
  | { readonly kind: 'dias-vote-dias'; readonly gameName: string }
  | { readonly kind: 'n-way-impossible'; readonly ways: number | null }
  | { readonly kind: 'no-dias-name-powers'; readonly gameName: string; readonly initials: readonly string[] }
  | { readonly kind: 'dias-draw-alone'; readonly gameName: string }
  | { readonly kind: 'cannot-share-draw'; readonly powers: readonly string[] }
  | { readonly kind: 'cannot-concede-to'; readonly written: string | null }
  | { readonly kind: 'concede-to-self' }
  | { readonly kind: 'no-proposals'; readonly gameName: string }
  | { readonly kind: 'proposal-open' }
  | { readonly kind: 'proposal-target' };

/** Why a SET option, a CREATE option word or a RULE line cannot be. */
export type OptionRefusal =
  | { readonly kind: 'rules-conflict'; readonly rule: string; readonly conflict: string }
  | { readonly kind: 'press-kind-conflict'; readonly word: string; readonly rule: string; readonly conflict: string }
  | { readonly kind: 'observer-choice' }
  | { readonly kind: 'max-absence-range' }
  | { readonly kind: 'comment-needs-text' }
  | { readonly kind: 'private-needs-word' }
  | { readonly kind: 'access-master'; readonly word: string }
  | { readonly kind: 'access-takes-player'; readonly word: string }
  | { readonly kind: 'access-one-address'; readonly word: string }
  | { readonly kind: 'timing-unreadable'; readonly errors: readonly string[] }
  | { readonly kind: 'timing-absences' }
  /** `key`: the option's spelling without spaces, as REFUSED_OPTIONS has it. */
  | { readonly kind: 'option-unavailable'; readonly key: string }
  | { readonly kind: 'option-refused'; readonly spelled: string; readonly key: string }
  | { readonly kind: 'rule-refused'; readonly rule: string }
  | { readonly kind: 'unknown-rule'; readonly rule: string }
  | { readonly kind: 'option-game-over'; readonly gameName: string; readonly status: string; readonly optionTitle: string }
  | { readonly kind: 'option-before-start'; readonly gameName: string; readonly optionTitle: string }
  | { readonly kind: 'option-not-while'; readonly gameName: string; readonly status: string; readonly optionTitle: string };

/** Why a PRESS goes nowhere; parties are named as the game names them (naming.recipientName). */
export type PressRefusal =
  | { readonly kind: 'no-seat' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'no-master' }
  | { readonly kind: 'no-player'; readonly recipient: string }
  | { readonly kind: 'only-self' }
  | { readonly kind: 'nobody-holds' }
  | { readonly kind: 'claims-only-sender' }
  | { readonly kind: 'not-a-power-nor-initials'; readonly token: string; readonly initial: string }
  | { readonly kind: 'not-a-power'; readonly token: string; readonly near: readonly string[] }
  | { readonly kind: 'fake-from-master' }
  | { readonly kind: 'fake-from-observers' }
  | { readonly kind: 'fake-several-senders'; readonly token: string }
  | { readonly kind: 'monitor' }
  | { readonly kind: 'mute-observers' }
  | { readonly kind: 'white-observers' }
  | { readonly kind: 'no-press' }
  | { readonly kind: 'late-orders' }
  | { readonly kind: 'must-order' }
  | { readonly kind: 'partial-before-start' }
  | { readonly kind: 'partial-after-end' }
  | { readonly kind: 'public-press' }
  | { readonly kind: 'no-grey' }
  | { readonly kind: 'only-grey' }
  | { readonly kind: 'no-fake' };

/** What a DPjudge RULE line changes, named as an option's title would be (for its state refusals). */
export function ruleSettingTitle(rule: string): string {
  return `The rule ${rule}`;
}

export function renderSessionRefusal(refusal: SessionRefusal): string {
  switch (refusal.kind) {
    case 'bad-signon':
      return 'Invalid game, power or password';
    case 'password-attempts-locked':
      return `Too many wrong passwords were tried for this power or from your address lately, so this password was not checked. Try again after ${utcMinute(refusal.until)}`;
    case 'password-too-short':
      return `A password on this judge has at least ${refusal.minimum} characters: choose a longer one`;
    case 'too-many-new-passwords':
      return `At most ${refusal.limit} new passwords or privacy words are set per mail: send this in another mail`;
    case 'order-not-a-power':
      return `"${refusal.written}" is not a power${didYouMean(refusal.written, refusal.powers)}`;
    case 'order-other-power':
      return `You cannot order ${refusal.powerName}'s units`;
    case 'order-no-own-unit-unseen':
      return `${refusal.powerName} has no unit in ${refusal.province}`;
    case 'signon-first':
      return `${refusal.command}: this needs a SIGNON line first`;
    case 'game-terminated':
      return `Game '${refusal.gameName}' has been terminated; only its Master can still sign on to it`;
    case 'signon-not-forming':
      return `Game '${refusal.gameName}' is not taking players (it is ${refusal.status}); its players sign on with their power's initial, e.g. SIGNON ${refusal.initial}${refusal.gameName} password`;
    case 'variant-mismatch':
      return `Game '${refusal.gameName}' is played with ${refusal.variantTitle}; "${refusal.written}" does not match it, so you were not signed on`;
    case 'game-private':
      return `Game '${refusal.gameName}' is private: give its privacy word after your password`;
    case 'not-taking-players':
      return `Game '${refusal.gameName}' is not taking players (it is ${refusal.status})`;
    case 'already-in-game':
      return `You are already in game '${refusal.gameName}'`;
    case 'powers-at-random':
      return `Game '${refusal.gameName}' assigns powers at random (no POWER_CHOICE): send JOIN ${refusal.gameName} <password>`;
    case 'not-a-power-in-variant':
      return `"${refusal.written}" is not a power in ${refusal.variantTitle}${didYouMean(refusal.written, refusal.powers)}`;
    case 'power-taken':
      return `${refusal.power} has already been taken`;
    case 'access-denied':
      return `The Master of game '${refusal.gameName}' does not allow you to ${gateActionText(refusal.action)} it`;
    case 'gates-unmet':
      return `Your record does not meet what game '${refusal.gameName}' asks of players who ${gateActionText(refusal.action)} it: ${refusal.unmet.map(unmetGateText).join('; and ')}. (GET DEDICATION shows your record.)`;
    case 'observer-name':
      return `"${refusal.name}" cannot be an observer's name: it names a power or the Master`;
    case 'already-resigned':
      return `${refusal.power} has already resigned`;
    case 'already-master':
      return `You are a Master of game '${refusal.gameName}' already`;
    case 'no-such-power':
      return `There is no such power in game '${refusal.gameName}'`;
    case 'power-being-played':
      return `${refusal.power} is being played; only a vacated power can be taken over`;
    case 'already-playing':
      return `You already play in game '${refusal.gameName}'`;
    case 'game-purged':
      return `Game '${refusal.gameName}' has been purged: nothing more can be done in it`;
    case 'stepped-down':
      return `You stepped down as a Master of game '${refusal.gameName}' above: nothing more can be done in this block`;
    case 'master-cannot-wait':
      return 'The Master cannot hold a game with SET WAIT, not even as a power';
    case 'real-time-no-wait':
      return `Game '${refusal.gameName}' plays in REAL_TIME: it is processed as soon as every order is in, and SET WAIT cannot hold it`;
    case 'not-an-address':
      return `"${refusal.address}" is not an e-mail address`;
    case 'master-cannot-resign':
      return 'As Master, resign a power with RESIGN power; the Master cannot resign (TAKEOVER master@game hands the game over)';
    case 'command-not-available':
      return `${refusal.written.split(/\s+/).slice(0, 2).join(' ').toUpperCase()} is not available on this judge yet`;
    case 'preferences-not-player':
      return 'Only a player who has joined a game can set power preferences';
    case 'preferences-game-started':
      return `Game '${refusal.gameName}' has started: its powers are already given out`;
    case 'preferences-power-chosen':
      return `You chose ${refusal.power} when you joined; preferences are for powers given at random`;
    case 'not-a-power':
      return `"${refusal.token}" is not a power: ${refusal.error}`;
    case 'preferences-not-powers':
      return 'Preferences name powers only, not the Master or observers';
    case 'holds-no-power':
      return 'Only players who hold a power can do that (the Master may BECOME one)';
    case 'power-vacated':
      return 'Your power has been vacated';
    case 'game-not-played':
      return `Game '${refusal.gameName}' is not being played (it is ${refusal.status})`;
    case 'no-orders-owed':
      return `${refusal.power} has no orders to give in ${refusal.phase}`;
    case 'no-draws':
      return `Game '${refusal.gameName}' allows no draws (NO_DRAW)`;
    case 'no-concessions':
      return `Game '${refusal.gameName}' allows no concessions (SET NO CONCESSIONS)`;
    case 'no-largest-power':
      return 'No single power is largest, so there is nobody to concede to';
    case 'largest-is-self':
      return `${refusal.power} holds the most centres, so there is nobody to concede to: VOTE LOSS concedes to the largest power`;
    case 'no-open-proposal':
      return 'There is no open proposal to answer';
    case 'dias-vote-dias':
      return `Game '${refusal.gameName}' plays DIAS: a draw always includes all survivors, so vote DIAS`;
    case 'n-way-impossible':
      return `No ${refusal.ways}-way draw can be named: there are not ${refusal.ways} survivors, or the ${ordinal(refusal.ways ?? 0)} place in centres is shared`;
    case 'no-dias-name-powers':
      return `Game '${refusal.gameName}' plays NO_DIAS: name the powers in the draw, e.g. SET DRAW ${refusal.initials.join('')}`;
    case 'dias-draw-alone':
      return `Game '${refusal.gameName}' plays DIAS: a draw always includes all survivors, so write SET DRAW alone`;
    case 'cannot-share-draw':
      return `${refusal.powers.join(', ')} cannot share a draw: no units and no centres`;
    case 'cannot-concede-to':
      return `${refusal.written ?? 'Nobody'} cannot be conceded to: name a surviving power`;
    case 'concede-to-self':
      return 'You cannot concede to yourself';
    case 'no-proposals':
      return `Game '${refusal.gameName}' takes no proposals (no PROPOSE_DIAS): vote with SET DRAW or SET CONCEDE`;
    case 'proposal-open':
      return 'A proposal is already open: answer it with VOTE YES or VOTE NO';
    case 'proposal-target':
      return 'Propose DIAS (a draw of all survivors) or a surviving power to concede to';
    case 'rules-conflict':
      return rulesConflict(refusal.rule, refusal.conflict);
    case 'press-kind-conflict':
      return `SET ${refusal.word}: ${rulesConflict(refusal.rule, refusal.conflict)}`;
    case 'observer-choice':
      return 'SET OBSERVER takes ANY, NO or WHITE';
    case 'max-absence-range':
      return 'SET MAX ABSENCE takes a number of days from 0 to 31';
    case 'comment-needs-text':
      return 'SET COMMENT needs a text';
    case 'private-needs-word':
      return 'SET PRIVATE needs one word, the privacy word players give after their password';
    case 'access-master':
      return `SET ${refusal.word} MASTER is refused: njudge's master lists say who may create games on the whole judge (through its CONTROL game); this judge keeps no such list, anyone may CREATE a game, and a game's Masters are whoever creates it, takes it over (TAKEOVER master@game) or is made one with PROMOTE`;
    case 'access-takes-player':
      return `SET ${refusal.word} takes PLAYER and an address`;
    case 'access-one-address':
      return `SET ${refusal.word} PLAYER takes one address (-address removes it)`;
    case 'timing-unreadable':
      return refusal.errors.join('; ');
    case 'timing-absences':
      return 'NOT dates are absences: use SET ABSENCE';
    case 'option-unavailable':
      return REFUSED_OPTIONS[refusal.key]!;
    case 'option-refused':
      return `SET ${refusal.spelled} is refused: ${REFUSED_OPTIONS[refusal.key]!}`;
    case 'rule-refused':
      return `RULE ${refusal.rule} is refused: ${REFUSED_RULES[refusal.rule]!}`;
    case 'unknown-rule':
      return `Unknown rule ${refusal.rule}; HELP lists the game options, LIST game the rules in force`;
    case 'option-game-over':
      return `Game '${refusal.gameName}' is ${refusal.status}: ${refusal.optionTitle.toLowerCase()} cannot change now (UNEND it first)`;
    case 'option-before-start':
      return `${refusal.optionTitle} can change only before game '${refusal.gameName}' starts`;
    case 'option-not-while':
      return `${refusal.optionTitle} cannot change while game '${refusal.gameName}' is ${refusal.status}`;
    case 'press':
      return `Press refused: ${pressReason(refusal.reason)}`;
  }
}

function rulesConflict(rule: string, conflict: string): string {
  return `${rule} and ${conflict} cannot both be rules of a game`;
}

function pressReason(reason: PressRefusal): string {
  switch (reason.kind) {
    case 'no-seat':
      return 'you no longer hold a seat in this game.';
    case 'empty':
      return 'the message is empty.';
    case 'no-master':
      return 'this game has no Master to read it.';
    case 'no-player':
      return `${reason.recipient} has no player to read it.`;
    case 'only-self':
      return 'you cannot send press to yourself alone.';
    case 'nobody-holds':
      return 'nobody holds the seats it is addressed to.';
    case 'claims-only-sender':
      return 'it would claim to go to nobody but its own sender.';
    case 'not-a-power-nor-initials':
      return `"${reason.token}" is not a power in this game, nor a list of initials (no power has the initial ${reason.initial}).`;
    case 'not-a-power':
      return `"${reason.token}" is not a power in this game${reason.near.length > 0 ? `; did you mean ${orList(reason.near)}?` : '.'}`;
    case 'fake-from-master':
      return 'you cannot fake press from the Master.';
    case 'fake-from-observers':
      return 'you can fake press only from a power, not from the observers.';
    case 'fake-several-senders':
      return `"${reason.token}" names more than one power; press can claim only one sender.`;
    case 'monitor':
      return 'monitors may write only to the Master.';
    case 'mute-observers':
      return 'observers may write only to the Master in this game (MUTE_OBSERVERS).';
    case 'white-observers':
      return 'observers may send white press only in this game (SET OBSERVER WHITE).';
    case 'no-press':
      return 'this game allows press only to the Master (NO_PRESS).';
    case 'late-orders':
      return 'your orders are late: until they are in you may write only to the Master (NO LATE PRESS).';
    case 'must-order':
      return 'this game lets a power send press only once its orders are in (MUST ORDER); you may write to the Master.';
    case 'partial-before-start':
      return 'until the game starts, press must be a broadcast or go to the Master alone.';
    case 'partial-after-end':
      return 'now that the game is over, press must be a broadcast or go to the Master alone.';
    case 'public-press':
      return 'this game allows only broadcasts and press to the Master (PUBLIC_PRESS).';
    case 'no-grey':
      return 'grey press is not allowed in this game.';
    case 'only-grey':
      return 'this game allows only grey press (GREY_PRESS); leave out WHITE.';
    case 'no-fake':
      return 'fake press is not allowed in this game (it needs FAKE_PRESS).';
  }
}

/** A moment to the minute, rounded up, in UTC: e.g. 2026-11-27 21:05 UTC. */
function utcMinute(at: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${minute.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
