import type { Coast, ProvinceId } from '../engine/types.ts';
import type { Keyword } from './keywords.ts';

// Why a line of orders could not be read, as data (godip's typed errors; issue 27): the parser says
// what it met and where, quoting the player's own text, and src/render/order-problems.ts words it.

/** A keyword as the player wrote it, and the keyword meant when the writing does not show it ("D" for disband). */
export interface WrittenKeyword {
  readonly written: string;
  readonly meant: Keyword | null;
}

/** A province the map knows whose name is close to one the player wrote. */
export interface ProvinceSuggestion {
  readonly id: ProvinceId;
  readonly name: string;
}

/**
 * `written` is the order's text up to the last token read; `found`, the token met instead of what was
 * expected, or null at the end of the order.
 */
export type OrderProblem =
  | { readonly kind: 'line-too-long'; readonly length: number }
  | { readonly kind: 'empty' }
  | { readonly kind: 'nothing-after-power'; readonly power: string }
  /** After a unit: a move, hold, support or convoy (a retreat or disband in a retreat phase). */
  | { readonly kind: 'expected-order-word'; readonly retreat: boolean; readonly written: string; readonly found: string | null }
  | { readonly kind: 'dislodged-hold' }
  | { readonly kind: 'not-in-retreat'; readonly keyword: WrittenKeyword }
  | { readonly kind: 'via-without-convoy'; readonly written: string }
  | { readonly kind: 'retreat-convoyed' }
  /** After the supported unit: a move, or the end of the order. */
  | { readonly kind: 'support-end'; readonly written: string; readonly found: string }
  | { readonly kind: 'convoy-of-fleet'; readonly fleet: string }
  | { readonly kind: 'convoy-destination'; readonly written: string; readonly found: string | null }
  | { readonly kind: 'build-needs-type'; readonly provinceName: string }
  /** A province was expected: `after` null when the order starts with what was found. */
  | { readonly kind: 'expected-province'; readonly after: string | null; readonly found: string | null }
  | { readonly kind: 'unknown-province'; readonly written: string; readonly suggestions: readonly ProvinceSuggestion[] }
  | { readonly kind: 'no-such-coast'; readonly provinceName: string; readonly coast: Coast }
  | { readonly kind: 'not-a-coast'; readonly written: string }
  | { readonly kind: 'unclosed-parenthesis'; readonly written: string }
  | { readonly kind: 'trailing-text'; readonly rest: string; readonly written: string }
  | { readonly kind: 'retreat-or-adjustment-only'; readonly keyword: WrittenKeyword }
  | { readonly kind: 'adjustment-only'; readonly keyword: WrittenKeyword }
  | { readonly kind: 'movement-in-adjustment' };
