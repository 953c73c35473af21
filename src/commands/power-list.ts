import { closest } from '../engine/suggest.ts';
import type { PowerListProblem } from './command-problems.ts';
// Power lists as players write them after PRESS TO, SET DRAW, FAKE TO …: a full
// name (`France`), names separated by commas (`France, Austria`), or power
// initials run together (`FAI`, njudge's only form; `124M` for pre-start seats).
// The parser keeps the items as written; the judge, which knows the variant,
// resolves them here. A full name wins over initials, so `Turkey` is Turkey, but
// `Fra` is France, Russia and Austria, as on both judges.

/** Anything the judge can address press to: map powers, pre-start seats, named observers. */
export interface PowerRef<Id extends string = string> {
  readonly id: Id;
  readonly name: string;
  /** The letter (or digit) used in run-together lists; null when the role has none. */
  readonly initial?: string | null;
}

/** Recipient ids for the Master and for all observers, which njudge names M and O in every variant. */
export const MASTER_RECIPIENT = 'MASTER';
export const OBSERVERS_RECIPIENT = 'OBSERVERS';

type ReservedRecipient = typeof MASTER_RECIPIENT | typeof OBSERVERS_RECIPIENT;

const RESERVED_NAMES: Readonly<Record<string, ReservedRecipient>> = {
  MASTER: MASTER_RECIPIENT,
  GM: MASTER_RECIPIENT,
  OBSERVER: OBSERVERS_RECIPIENT,
  OBSERVERS: OBSERVERS_RECIPIENT,
};
const RESERVED_INITIALS: Readonly<Record<string, ReservedRecipient>> = { M: MASTER_RECIPIENT, O: OBSERVERS_RECIPIENT };

/** The ids are those of the refs given, or the Master's and the observers'. */
export type PowerListResult<Id extends string = string> =
  | { readonly ok: true; readonly ids: readonly (Id | ReservedRecipient)[] }
  | { readonly ok: false; readonly token: string; readonly error: PowerListProblem };

/** Items of a list written with commas and/or spaces: `France,Russia, austria` gives three. */
export function splitPowerList(text: string): readonly string[] {
  return text.split(/[\s,]+/).filter((item) => item !== '');
}

function resolveToken<Id extends string>(
  token: string,
  powers: readonly PowerRef<Id>[],
): { ids: readonly (Id | ReservedRecipient)[] } | { error: PowerListProblem } {
  const upper = token.toUpperCase();
  const named = powers.find((p) => p.name.toUpperCase() === upper || p.id.toUpperCase() === upper);
  if (named) return { ids: [named.id] };
  const reserved = RESERVED_NAMES[upper];
  // "GM" is the Master only where no power has the initial G: in the standard game a player
  // writing PRESS TO GM means Germany and the Master.
  const initialsFirst = upper === 'GM' && powers.some((p) => p.initial?.toUpperCase() === 'G');
  if (reserved && !initialsFirst) return { ids: [reserved] };
  const ids: (Id | ReservedRecipient)[] = [];
  for (const letter of upper) {
    const power = powers.find((p) => p.initial != null && p.initial.toUpperCase() === letter);
    const id = power?.id ?? RESERVED_INITIALS[letter];
    if (id === undefined) {
      const near = closest(
        token,
        powers.map((p) => p.name),
      );
      if (near.length > 0) return { error: { kind: 'not-a-power-name', token, near } };
      return { error: upper.length === 1 ? { kind: 'not-an-initial', token } : { kind: 'not-name-nor-initials', token, initial: letter } };
    }
    ids.push(id);
  }
  return { ids };
}

/** Power ids for the tokens, each once, in the order written; or the first token that names nobody. */
export function resolvePowerList<Id extends string>(tokens: readonly string[], powers: readonly PowerRef<Id>[]): PowerListResult<Id> {
  const ids: (Id | ReservedRecipient)[] = [];
  for (const token of tokens) {
    const resolved = resolveToken(token, powers);
    if ('error' in resolved) return { ok: false, token, error: resolved.error };
    for (const id of resolved.ids) if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, ids };
}
