import { coastOf, provinceOf } from '../engine/map.ts';
import type { OrderReason } from '../engine/results.ts';
import type { BuildRule } from '../engine/variant-schema.ts';
import type { Variant } from '../engine/variant.ts';
import type { Coast, LocationId, PowerId, UnitType } from '../engine/types.ts';

// Why the engine found an order illegal, or why a legal one failed (OrderReason), in words: the
// reply to orders, the order check's refusals and the adjudicate operation's `reason` (no full
// stop: the callers add one where they need it).

const COAST_NAMES: Record<Coast, string> = { nc: 'north coast', sc: 'south coast', ec: 'east coast', wc: 'west coast' };

const BUILD_RULE_WORDS: Record<BuildRule, string> = {
  home: 'a home supply centre',
  owned: 'a supply centre',
  'owned-with-home': 'a supply centre (builds away from home need a home centre held)',
  'any-home': "a supply centre that is some power's home centre",
};

function unitWord(type: UnitType): string {
  return type === 'A' ? 'army' : 'fleet';
}

function withArticle(type: UnitType): string {
  return type === 'A' ? 'an army' : 'a fleet';
}

/** "St Petersburg (north coast)", "Paris"; the id itself for a place the map does not have. */
function placeName(variant: Variant, location: LocationId): string {
  const province = variant.map.province(provinceOf(location));
  const coast = coastOf(location);
  const base = province?.name ?? location;
  return coast ? `${base} (${COAST_NAMES[coast]})` : base;
}

function powerName(variant: Variant, power: PowerId): string {
  return variant.power(power)?.name ?? power;
}

function units(count: number): string {
  return `${count} unit${count === 1 ? '' : 's'}`;
}

/** "The move bounced", "Paris is not adjacent to Moscow" (no full stop). */
export function orderReasonText(reason: OrderReason, variant: Variant): string {
  const place = (location: LocationId) => placeName(variant, location);
  const power = (id: PowerId) => powerName(variant, id);
  switch (reason.code) {
    case 'bounced':
      return 'The move bounced';
    case 'convoy-disrupted':
      return 'The convoy was disrupted';
    case 'not-convoyed':
      return 'No fleet convoyed the army';
    case 'dislodged':
      return 'The unit was dislodged';
    case 'support-not-matched':
      return 'The supported unit did not make the move supported';
    case 'supporter-dislodged':
      return 'The supporting unit was dislodged';
    case 'support-cut':
      return 'The support was cut';
    case 'convoy-not-matched':
      return 'The army did not move by convoy to that destination';
    case 'convoying-fleet-dislodged':
      return 'The convoying fleet was dislodged';
    case 'carried-by-other-fleets':
      return 'The army was carried by other fleets';
    case 'no-convoy-fleets':
      return `No fleets stand where they could convoy the army from ${place(reason.from)} to ${place(reason.to)}`;
    case 'retreat-outside-retreat-phase':
      return 'Retreats and disbands are only ordered in a retreat phase';
    case 'adjustment-outside-adjustment-phase':
      return 'Builds and removals are only ordered in an adjustment phase';
    case 'retreat-phase-orders-only':
      return 'Only retreats and disbands can be ordered in a retreat phase';
    case 'adjustment-phase-orders-only':
      return 'Only builds, removals and waives can be ordered in an adjustment phase';
    case 'replaced':
      return 'Replaced by a later order for the same unit';
    case 'not-given':
      return 'This order cannot be given';
    case 'unit-not-found':
      return 'The unit could not be found';
    case 'no-own-unit':
      return `${power(reason.power)} has no ${reason.dislodged ? 'dislodged ' : ''}unit in ${place(reason.province)}`;
    case 'unit-of-other-power':
      return `The unit in ${place(reason.province)} belongs to ${power(reason.owner)}, not ${power(reason.power)}`;
    case 'no-unit':
      return `There is no unit in ${place(reason.province)}`;
    case 'wrong-unit-type':
      return `The unit in ${place(reason.location)} is ${withArticle(reason.unitType)}, not ${withArticle(reason.written)}`;
    case 'already-there':
      return `The ${unitWord(reason.unitType)} is already in ${place(reason.province)}`;
    case 'army-to-sea':
      return `An army cannot move into ${place(reason.province)}, which is a sea`;
    case 'no-convoy-route':
      return `No convoy can take an army from ${place(reason.from)} to ${place(reason.to)}`;
    case 'not-adjacent':
      return `${place(reason.from)} is not adjacent to ${place(reason.to)}`;
    case 'only-armies-convoyed':
      return 'Only armies can be convoyed';
    case 'fleet-inland':
      return `A fleet cannot move inland to ${place(reason.province)}`;
    case 'fleet-cannot-reach':
      return `The fleet in ${place(reason.from)} cannot reach ${place(reason.to)}`;
    case 'fleet-cannot-move':
      return `A fleet in ${place(reason.from)} cannot move to ${place(reason.to)}`;
    case 'coast-needed':
      return `${place(reason.province)} needs a coast for a fleet: ${reason.options.join(' or ')}`;
    case 'no-unit-to-support':
      return `There is no unit in ${place(reason.province)} to support`;
    case 'support-self':
      return 'A unit cannot support itself';
    case 'cannot-reach-to-support-hold':
      return `The ${unitWord(reason.unitType)} in ${place(reason.from)} cannot reach ${place(reason.to)}, so it cannot support a unit there`;
    case 'cannot-reach-to-support-move':
      return `The ${unitWord(reason.unitType)} in ${place(reason.from)} cannot reach ${place(reason.to)}, so it cannot support a move there`;
    case 'cannot-support-across':
      return `A unit in ${place(reason.from)} may move to ${place(reason.to)} but cannot support into it`;
    case 'supported-already-there':
      return `The supported unit is already in ${place(reason.province)}`;
    case 'support-into-own-province':
      return 'A unit cannot support a move into its own province';
    case 'supported-cannot-reach':
      return `The ${unitWord(reason.unitType)} in ${place(reason.from)} cannot reach ${place(reason.to)}`;
    case 'owner-only-border':
      return `Only the owner of ${place(reason.centre)} may use the border between ${place(reason.from)} and ${place(reason.to)}`;
    case 'only-fleets-convoy':
      return 'Only fleets can convoy';
    case 'fleet-cannot-convoy-here':
      return `A fleet in ${place(reason.province)} cannot convoy: only fleets at sea or in a port can`;
    case 'no-unit-to-convoy':
      return `There is no unit in ${place(reason.province)} to convoy`;
    case 'not-on-convoy-route':
      return `The fleet in ${place(reason.fleet)} cannot be part of a convoy from ${place(reason.from)} to ${place(reason.to)}`;
    case 'retreat-gave-way':
      return 'Another unit retreated to the same province over a stronger border; this one is disbanded';
    case 'retreat-bounced':
      return 'Another unit retreated to the same province; both are disbanded';
    case 'cannot-retreat':
      return `The unit in ${place(reason.unit)} cannot retreat to ${place(reason.to)}: ${retreatChoices(reason.retreats, place)}`;
    case 'fleet-cannot-retreat':
      return `The fleet in ${place(reason.unit)} cannot retreat to ${place(reason.to)}: ${retreatChoices(reason.retreats, place)}`;
    case 'no-builds':
      return `${power(reason.power)} has no builds this winter`;
    case 'too-many-builds':
      return `${power(reason.power)} may build only ${units(reason.allowed)}`;
    case 'no-removals':
      return `${power(reason.power)} has no units to remove this winter`;
    case 'too-many-removals':
      return `${power(reason.power)} must remove only ${units(reason.allowed)}`;
    case 'already-removed':
      return 'That unit is already being removed';
    case 'no-adjustments':
      return `${power(reason.power)} has no builds or removals this winter`;
    case 'partisan-site-closed':
      return `${power(reason.power)} may build in ${place(reason.province)} only while it has lost some but not all of its home centres`;
    case 'not-home-centre':
      return `${place(reason.province)} is not a home supply centre of ${power(reason.power)}`;
    case 'undetermined-home-chosen':
      return `${power(reason.power)} has already chosen its undetermined home centre this winter`;
    case 'not-owned':
      return `${power(reason.power)} does not own ${place(reason.province)}`;
    case 'not-build-site':
      return `${power(reason.power)} may not build in ${place(reason.province)}: a build needs ${BUILD_RULE_WORDS[reason.rule]}`;
    case 'occupied':
      return `${place(reason.province)} is occupied`;
    case 'already-building':
      return `A unit is already being built in ${place(reason.province)}`;
    case 'unit-type-needed':
      return `Say whether to build an army or a fleet in ${place(reason.province)}`;
    case 'fleet-build-inland':
      return `A fleet cannot be built in ${place(reason.province)}, which has no coast`;
  }
}

/**
 * Why an order was illegal or failed as a processed phase keeps it (phases.results): typed, or, in a
 * row written before the reasons were stored typed (issue 27), the words the results mail said it in.
 */
export type StoredOrderReason = OrderReason | { readonly words: string };

/** A stored reason in words: a typed one worded as orderReasonText words it, an older row's as it was written. */
export function storedOrderReasonText(reason: StoredOrderReason, variant: Variant): string {
  return 'words' in reason ? reason.words : orderReasonText(reason, variant);
}

/** "it may retreat to Picardy, Paris", or that it has none. */
function retreatChoices(retreats: readonly LocationId[], place: (location: LocationId) => string): string {
  return retreats.length === 0 ? 'it has no legal retreat and must disband' : `it may retreat to ${retreats.map(place).join(', ')}`;
}
