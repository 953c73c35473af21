import { closest, orList } from '../engine/suggest.ts';
// Power lists as players write them after PRESS TO, SET DRAW, FAKE TO …: a full
// name (`France`), names separated by commas (`France, Austria`), or power
// initials run together (`FAI`, njudge's only form; `124M` for pre-start seats).
// The parser keeps the items as written; the judge, which knows the variant,
// resolves them here. A full name wins over initials, so `Turkey` is Turkey, but
// `Fra` is France, Russia and Austria, as on both judges.

/** Anything the judge can address press to: map powers, pre-start seats, named observers. */
export interface PowerRef {
  readonly id: string;
  readonly name: string;
  /** The letter (or digit) used in run-together lists; null when the role has none. */
  readonly initial?: string | null;
}

/** Recipient ids for the Master and for all observers, which njudge names M and O in every variant. */
export const MASTER_RECIPIENT = 'MASTER';
export const OBSERVERS_RECIPIENT = 'OBSERVERS';

const RESERVED_NAMES: Readonly<Record<string, string>> = {
  MASTER: MASTER_RECIPIENT,
  GM: MASTER_RECIPIENT,
  OBSERVER: OBSERVERS_RECIPIENT,
  OBSERVERS: OBSERVERS_RECIPIENT,
};
const RESERVED_INITIALS: Readonly<Record<string, string>> = { M: MASTER_RECIPIENT, O: OBSERVERS_RECIPIENT };

export type PowerListResult =
  | { readonly ok: true; readonly ids: readonly string[] }
  | { readonly ok: false; readonly token: string; readonly error: string };

/** Items of a list written with commas and/or spaces: `France,Russia, austria` gives three. */
export function splitPowerList(text: string): readonly string[] {
  return text.split(/[\s,]+/).filter((item) => item !== '');
}

function resolveToken(token: string, powers: readonly PowerRef[]): { ids: readonly string[] } | { error: string } {
  const upper = token.toUpperCase();
  const named = powers.find((p) => p.name.toUpperCase() === upper || p.id.toUpperCase() === upper);
  if (named) return { ids: [named.id] };
  const reserved = RESERVED_NAMES[upper];
  // "GM" is the Master only where no power has the initial G: in the standard game a player
  // writing PRESS TO GM means Germany and the Master.
  const initialsFirst = upper === 'GM' && powers.some((p) => p.initial?.toUpperCase() === 'G');
  if (reserved && !initialsFirst) return { ids: [reserved] };
  const ids: string[] = [];
  for (const letter of upper) {
    const power = powers.find((p) => p.initial != null && p.initial.toUpperCase() === letter);
    const id = power?.id ?? RESERVED_INITIALS[letter];
    if (id === undefined) {
      const near = closest(token, powers.map((p) => p.name));
      if (near.length > 0) return { error: `"${token}" is not a power's name; did you mean ${orList(near)}?` };
      return {
        error:
          upper.length === 1
            ? `"${token}" is not a power's initial`
            : `"${token}" is neither a power's name nor a list of power initials (no power has the initial ${letter})`,
      };
    }
    ids.push(id);
  }
  return { ids };
}

/** Power ids for the tokens, each once, in the order written; or the first token that names nobody. */
export function resolvePowerList(tokens: readonly string[], powers: readonly PowerRef[]): PowerListResult {
  const ids: string[] = [];
  for (const token of tokens) {
    const resolved = resolveToken(token, powers);
    if ('error' in resolved) return { ok: false, token, error: resolved.error };
    for (const id of resolved.ids) if (!ids.includes(id)) ids.push(id);
  }
  return { ok: true, ids };
}
