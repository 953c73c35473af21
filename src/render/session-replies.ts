// The replies to a signed-on player's own settings and orders (src/judge/players/session-commands.ts
// decides what was done, these write it). Powers come as the names players read.

/** What a player's command did. */
export type SessionRecord =
  | { readonly kind: 'orders-cleared' }
  | { readonly kind: 'wait-set'; readonly wait: boolean }
  | { readonly kind: 'password-changed' }
  | { readonly kind: 'map-set'; readonly gameName: string; readonly on: boolean }
  | { readonly kind: 'preferences-set'; readonly gameName: string; readonly powers: readonly string[] }
  | { readonly kind: 'power-reclaimed'; readonly power: string; readonly gameName: string }
  | { readonly kind: 'game-state'; readonly gameName: string; readonly status: string; readonly phaseId: string | null }
  | { readonly kind: 'order-notes'; readonly notes: readonly OrderNote[] }
  /** Blind: orders naming units out of the player's sight, accepted unjudged (DPjudge's FICTIONAL_OK). */
  | { readonly kind: 'fictional-orders'; readonly orders: readonly { readonly line: number | null; readonly text: string }[] };

/** How an order was read where that could surprise (a wrong unit type or coast ignored, a coast inferred). */
export interface OrderNote {
  readonly line: number | null;
  readonly text: string;
  readonly note: string;
}

export function renderSessionReply(record: SessionRecord): string {
  switch (record.kind) {
    case 'orders-cleared':
      return 'Your orders have been cleared.';
    case 'wait-set':
      return record.wait ? 'Wait flag set: the turn will not be processed before the deadline.' : 'Wait flag cleared.';
    case 'password-changed':
      return 'Your password has been changed.';
    case 'map-set':
      return record.on
        ? `Results of game '${record.gameName}' will come to you with the map.`
        : `Results of game '${record.gameName}' will come to you as text alone (SET MAP ON brings the map back).`;
    case 'preferences-set':
      return record.powers.length === 0
        ? `You have no power preferences in game '${record.gameName}': you get any power.`
        : `Your power preferences in game '${record.gameName}': ${record.powers.join(', ')}; any other power if none of these is free.`;
    case 'power-reclaimed':
      return `You play ${record.power} in game '${record.gameName}' again.`;
    case 'game-state':
      return `Game '${record.gameName}' is ${record.status}${record.phaseId ? `, in ${record.phaseId}` : ''}.`;
    case 'fictional-orders':
      return [
        'These orders name units you cannot see. They are accepted as written and judged against the',
        'board when the phase is processed (FICTIONAL_OK); an order for a unit that is not there is void:',
        ...record.orders.map((o) => `  ${o.line === null ? '' : `Line ${o.line}: `}${o.text}`),
      ].join('\n');
    case 'order-notes':
      return record.notes.map((n) => `${n.line === null ? '' : `Line ${n.line}: `}${n.text}\n  Note: ${n.note}.`).join('\n');
  }
}
