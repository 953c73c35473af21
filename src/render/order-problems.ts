import type { OrderReason } from '../engine/results.ts';
import type { PowerId, ProvinceId } from '../engine/types.ts';
import { orList } from '../engine/suggest.ts';
import type { Variant } from '../engine/variant.ts';
import { COAST_NAMES } from '../orders/keywords.ts';
import type { OrderProblem, ProvinceSuggestion, WrittenKeyword } from '../orders/order-problems.ts';
import { orderReasonText } from './order-reasons.ts';
import { renderSessionRefusal, type SessionRefusal } from './session-refusals.ts';

// The words of the order parser's problems (src/orders/order-problems.ts): why a line of orders
// could not be read, quoting what the player wrote.

/** Why an order could not be read, as its reply and the adjudicate API's `reason` say it. */
export function orderProblemText(problem: OrderProblem): string {
  switch (problem.kind) {
    case 'line-too-long':
      return `The line is too long (${problem.length} characters): put the orders on separate lines`;
    case 'empty':
      return 'The order is empty';
    case 'nothing-after-power':
      return `There is no order after "${problem.power}:"`;
    case 'expected-order-word': {
      const expected = problem.retreat ? 'a retreat (-) or "disband"' : 'a move (-), hold, support or convoy';
      return `Expected ${expected} after "${problem.written}"${notFound(problem.found)}`;
    }
    case 'dislodged-hold':
      return 'A dislodged unit cannot hold: retreat it (-) or disband it';
    case 'not-in-retreat':
      return `${keywordText(problem.keyword)} is not possible in a retreat phase: retreat the unit (-) or disband it`;
    case 'via-without-convoy':
      return `Expected "convoy" after "${problem.written}"`;
    case 'retreat-convoyed':
      return 'A retreat cannot be convoyed: name one neighbouring province';
    case 'support-end':
      return `Expected a move (-) or the end of the order after "${problem.written}", not "${problem.found}"`;
    case 'convoy-of-fleet':
      return `Only armies can be convoyed, and "${problem.fleet}" is a fleet`;
    case 'convoy-destination':
      return `Expected "-" and the army's destination after "${problem.written}"${notFound(problem.found)}`;
    case 'build-needs-type':
      return `Say which kind of unit to build, e.g. "Build A ${problem.provinceName}" or "Build F ${problem.provinceName}"`;
    case 'expected-province':
      return problem.after === null ? `Expected a province, not "${problem.found}"` : `Expected a province after "${problem.after}"${notFound(problem.found)}`;
    case 'unknown-province':
      return `"${problem.written}" is not a province on this map${problem.suggestions.length > 0 ? `; did you mean ${suggestionsText(problem.suggestions)}?` : ''}`;
    case 'no-such-coast':
      return `${problem.provinceName} has no ${COAST_NAMES[problem.coast]} coast`;
    case 'not-a-coast':
      return `"${problem.written}" is not a coast: write /nc, /sc, /ec or /wc`;
    case 'unclosed-parenthesis':
      return `Expected ")" after "${problem.written}"`;
    case 'trailing-text':
      return `Did not understand "${problem.rest}" after "${problem.written}"`;
    case 'retreat-or-adjustment-only':
      return `${keywordText(problem.keyword)} is only possible in retreat and adjustment phases`;
    case 'adjustment-only':
      return `${keywordText(problem.keyword)} is only possible in adjustment phases`;
    case 'movement-in-adjustment':
      return 'Only builds, removals and "waive" are possible in an adjustment phase';
  }
}

/** `, not "x"`, or nothing at the end of the order. */
function notFound(found: string | null): string {
  return found === null ? '' : `, not "${found}"`;
}

/** `"disband"`, or `"D" (disband)` for an abbreviation or synonym, so the player sees what it was read as. */
function keywordText(keyword: WrittenKeyword): string {
  return keyword.meant === null ? `"${keyword.written}"` : `"${keyword.written}" (${keyword.meant})`;
}

/** "Par (Paris)", "Nth (North Sea) or Nwg (Norwegian Sea)". */
function suggestionsText(suggestions: readonly ProvinceSuggestion[]): string {
  return orList(suggestions.map(({ id, name }) => `${id.charAt(0).toUpperCase()}${id.slice(1)} (${name})`));
}

/**
 * The refusals of an order before the engine judges it, as data: a power prefix that names no power
 * (`written`, as the player wrote it) or another power, or (blind) a unit the power does not have in
 * a province it cannot see. Powers and provinces are the variant's ids; orderRefusalText names them.
 */
export type OrderRefusedAsWritten =
  | { readonly kind: 'order-not-a-power'; readonly written: string }
  | { readonly kind: 'order-other-power'; readonly power: PowerId }
  | { readonly kind: 'order-no-own-unit-unseen'; readonly power: PowerId; readonly province: ProvinceId };

/** The refusal as the session's refusals word it, the variant's names put in for its ids. */
function refusedAsWritten(refusal: OrderRefusedAsWritten, variant: Variant): SessionRefusal {
  const powerName = (id: PowerId) => variant.power(id)?.name ?? id;
  switch (refusal.kind) {
    case 'order-not-a-power':
      return { kind: 'order-not-a-power', written: refusal.written, powers: variant.powers.map((p) => p.name) };
    case 'order-other-power':
      return { kind: 'order-other-power', powerName: powerName(refusal.power) };
    case 'order-no-own-unit-unseen':
      return {
        kind: 'order-no-own-unit-unseen',
        powerName: powerName(refusal.power),
        province: variant.map.province(refusal.province)?.name ?? refusal.province,
      };
  }
}

/** Why an order of a power's set does not stand: it could not be read, it was refused as written, or the engine found it illegal. */
export type OrderRefusal =
  | { readonly kind: 'unreadable'; readonly problem: OrderProblem }
  | { readonly kind: 'refused'; readonly refusal: OrderRefusedAsWritten }
  | { readonly kind: 'illegal'; readonly reason: OrderReason };

/** The words beside an order that does not stand, in the reply to the mail that sent it. */
export function orderRefusalText(refusal: OrderRefusal, variant: Variant): string {
  switch (refusal.kind) {
    case 'unreadable':
      return orderProblemText(refusal.problem);
    case 'refused':
      return renderSessionRefusal(refusedAsWritten(refusal.refusal, variant));
    case 'illegal':
      return orderReasonText(refusal.reason, variant);
  }
}

/** An order the adjudicate API reads under one power whose prefix names another (`orders.FRANCE: ["England: F Lon H"]`). */
export type ListedOrderProblem =
  | { readonly kind: 'prefix-not-a-power'; readonly written: string }
  | { readonly kind: 'prefix-other-power'; readonly written: string; readonly listedUnder: string };

/** The `reason` of such an order in the adjudicate API's output. */
export function listedOrderProblemText(problem: ListedOrderProblem, variant: Variant): string {
  switch (problem.kind) {
    case 'prefix-not-a-power':
      return `"${problem.written}" is not a power in ${variant.title}`;
    case 'prefix-other-power':
      return `An order for ${problem.written} cannot be listed under ${problem.listedUnder}`;
  }
}
