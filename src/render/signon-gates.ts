// The words of njudge's signon gates (njudge.md §3): what a game asks of a player who joins it or
// takes over one of its powers, and how a player's record falls short of it. The judge decides
// which gates are set and which a record fails; these write it.

/** The three gates, as a game's settings name them. */
export type GateKey = 'minDedication' | 'minOnTimeRatio' | 'maxCivilDisorderRatio';

/** A game's gates: null where none is set. */
export type GateValues = Readonly<Record<GateKey, number | null>>;

/** What the gated player is doing (the words of the refusal, as in "players who join it"). */
export type GateAction = 'join' | 'takeover';

/** The action as the refusal says it: "players who … it". */
export function gateActionText(action: GateAction): string {
  return action === 'join' ? 'join' : 'take over a power in';
}

/** A gate a player's record fails, with the player's own figures. */
export type UnmetGate =
  | { readonly key: 'minDedication'; readonly required: number; readonly points: number }
  | { readonly key: 'minOnTimeRatio'; readonly required: number; readonly ratio: number; readonly onTime: number; readonly total: number }
  | { readonly key: 'maxCivilDisorderRatio'; readonly required: number; readonly ratio: number; readonly resigned: number };

const GATE_ORDER: readonly GateKey[] = ['minDedication', 'minOnTimeRatio', 'maxCivilDisorderRatio'];

/** "92.5%": ratios are shown as percentages, to one decimal at most. */
export function percent(ratio: number): string {
  return `${Math.round(ratio * 1000) / 10}%`;
}

/** What the gate asks of a player, e.g. "an on-time ratio of at least 90%". */
export function requirementText(key: GateKey, value: number): string {
  switch (key) {
    case 'minDedication':
      return `a dedication of at least ${value} points`;
    case 'minOnTimeRatio':
      return `an on-time ratio of at least ${percent(value)}`;
    case 'maxCivilDisorderRatio':
      return `a civil-disorder ratio of at most ${percent(value)}`;
  }
}

/** The name of the requirement alone, for its removal. */
export function gateTitle(key: GateKey): string {
  switch (key) {
    case 'minDedication':
      return 'minimum dedication';
    case 'minOnTimeRatio':
      return 'minimum on-time ratio';
    case 'maxCivilDisorderRatio':
      return 'maximum civil-disorder ratio';
  }
}

/** One sentence naming every gate set, or null when there are none (LIST game). */
export function gatesText(gates: GateValues | undefined): string | null {
  const set = GATE_ORDER.flatMap((key) => {
    const value = gates?.[key] ?? null;
    return value === null ? [] : [requirementText(key, value)];
  });
  return set.length === 0 ? null : `To join or take over a power, players need ${joinAnd(set)}.`;
}

/** A failed gate with the player's own figure. */
export function unmetGateText(gate: UnmetGate): string {
  const required = requirementText(gate.key, gate.required);
  switch (gate.key) {
    case 'minDedication':
      return `${required}; yours is ${gate.points}`;
    case 'minOnTimeRatio':
      return `${required}; yours is ${percent(gate.ratio)} (${gate.onTime} of ${gate.total} phases on time)`;
    case 'maxCivilDisorderRatio':
      return `${required}; yours is ${percent(gate.ratio)} (${gate.resigned} abandoned or in civil disorder)`;
  }
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
