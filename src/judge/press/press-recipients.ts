import { closest } from '../../engine/suggest.ts';
import type { FakeRecipients, PressSender, Recipients } from '../../commands/command-types.ts';
import { MASTER_RECIPIENT, OBSERVERS_RECIPIENT, resolvePowerList } from '../../commands/power-list.ts';
import type { PressRefusal } from '../../render/session-refusals.ts';
import type { PartyDirectory } from './press-parties.ts';
import { MASTER_PARTY, OBSERVERS_PARTY, type PartyId } from './press-types.ts';

// Turns the power lists of a PRESS line into parties of the game. Refusals are typed reasons;
// src/render/session-refusals.ts words them.

export type Resolved<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: PressRefusal };

/** Recipients as parties: `broadcast` only for TO ALL / BROADCAST, never for TO ALL BUT. */
export interface ResolvedRecipients {
  readonly broadcast: boolean;
  /** Canonical order; everyone for a broadcast. Still contains the sender if they are included. */
  readonly parties: readonly PartyId[];
}

export type ResolvedSender = { readonly kind: 'white' } | { readonly kind: 'grey' } | { readonly kind: 'fake'; readonly party: PartyId };

function fromPowerListId(id: PartyId): PartyId {
  if (id === MASTER_RECIPIENT) return MASTER_PARTY;
  if (id === OBSERVERS_RECIPIENT) return OBSERVERS_PARTY;
  return id;
}

/** Why a token names nobody; mentions initials only when the token looks like a run-together list. */
function unknownToken(token: string, directory: PartyDirectory): PressRefusal {
  const initials = new Set(
    [...directory.refs.map((r) => r.initial), MASTER_PARTY, OBSERVERS_PARTY].filter((i): i is string => i != null).map((i) => i.toUpperCase()),
  );
  const letters = [...token.toUpperCase()];
  // One stray letter among initials is a typo in a run-together list; more is a misspelt name.
  const missing = [...new Set(letters.filter((letter) => !initials.has(letter)))];
  const near = closest(
    token,
    directory.refs.map((r) => r.name),
  );
  const [stray] = missing;
  if (letters.length > 1 && missing.length === 1 && stray !== undefined && near.length === 0 && letters.some((letter) => initials.has(letter))) {
    return { kind: 'not-a-power-nor-initials', token, initial: stray };
  }
  return { kind: 'not-a-power', token, near };
}

function resolveTokens(tokens: readonly string[], directory: PartyDirectory): Resolved<PartyId[]> {
  const result = resolvePowerList(tokens, directory.refs);
  if (!result.ok) return { ok: false, reason: unknownToken(result.token, directory) };
  return { ok: true, value: directory.naming.sort(result.ids.map(fromPowerListId)) };
}

export function resolveRecipients(recipients: Recipients, directory: PartyDirectory): Resolved<ResolvedRecipients> {
  if (recipients.kind === 'all') return { ok: true, value: { broadcast: true, parties: directory.everyone } };
  const named = resolveTokens(recipients.tokens, directory);
  if (!named.ok) return named;
  const parties = recipients.kind === 'only' ? named.value : directory.everyone.filter((p) => !named.value.includes(p));
  return { ok: true, value: { broadcast: false, parties } };
}

/** The recipients a FAKE option claims; null when nothing is faked. */
export function resolveFakeRecipients(fake: FakeRecipients | null, directory: PartyDirectory): Resolved<ResolvedRecipients | null> {
  if (fake === null || fake.kind === 'none') return { ok: true, value: null };
  if (fake.kind === 'broadcast') return { ok: true, value: { broadcast: true, parties: directory.everyone } };
  return resolveRecipients(fake.recipients, directory);
}

/** The claimed sender; `defaultKind` applies when the player did not say. */
export function resolveSender(sender: PressSender | null, defaultKind: 'white' | 'grey', directory: PartyDirectory): Resolved<ResolvedSender> {
  if (sender === null) return { ok: true, value: { kind: defaultKind } };
  if (sender.kind !== 'fake-from') return { ok: true, value: { kind: sender.kind } };
  const named = resolveTokens([sender.token], directory);
  if (!named.ok) return named;
  if (named.value.includes(MASTER_PARTY)) return { ok: false, reason: { kind: 'fake-from-master' } };
  if (named.value.includes(OBSERVERS_PARTY)) return { ok: false, reason: { kind: 'fake-from-observers' } };
  if (named.value.length !== 1) return { ok: false, reason: { kind: 'fake-several-senders', token: sender.token } };
  return { ok: true, value: { kind: 'fake', party: named.value[0]! } };
}
