import { z } from 'zod';
import type { OrderReason } from '../../engine/results.ts';
import { BUILD_RULES } from '../../engine/variant-schema.ts';
import { UNIT_TYPES, type PowerId, type ProvinceId } from '../../engine/types.ts';
import { storedLocation } from './order-format.ts';

// The engine's typed reason (OrderReason) as a processed phase keeps it in phases.results: the code
// and its fields, as JSON. Checked where it is read, like the orders beside it (order-format.ts):
// a reason of a code this judge does not know, or without the fields of its code, does not fit.

// Places were written from the engine's ids: the read types them again.
const location = storedLocation;
const province = z
  .string()
  .min(1)
  .transform((id) => id as ProvinceId);
const power = z
  .string()
  .min(1)
  .transform((id) => id as PowerId);
const unitType = z.enum(UNIT_TYPES);
const count = z.number().int().nonnegative();

const bare = <C extends string>(code: C) => z.object({ code: z.literal(code) });
const inProvince = <C extends string>(code: C) => z.object({ code: z.literal(code), province });
const ofPower = <C extends string>(code: C) => z.object({ code: z.literal(code), power });
const powerIn = <C extends string>(code: C) => z.object({ code: z.literal(code), power, province });
const fromTo = <C extends string>(code: C) => z.object({ code: z.literal(code), from: province, to: province });
const reachFromTo = <C extends string>(code: C) => z.object({ code: z.literal(code), unitType, from: province, to: province });

/** An OrderReason as stored: every code of engine/results.ts with its fields. */
export const orderReasonSchema: z.ZodType<OrderReason> = z.discriminatedUnion('code', [
  bare('bounced'),
  bare('convoy-disrupted'),
  bare('not-convoyed'),
  bare('dislodged'),
  bare('support-not-matched'),
  bare('supporter-dislodged'),
  bare('support-cut'),
  bare('convoy-not-matched'),
  bare('convoying-fleet-dislodged'),
  bare('carried-by-other-fleets'),
  fromTo('no-convoy-fleets'),
  bare('retreat-outside-retreat-phase'),
  bare('adjustment-outside-adjustment-phase'),
  bare('retreat-phase-orders-only'),
  bare('adjustment-phase-orders-only'),
  bare('replaced'),
  bare('not-given'),
  bare('unit-not-found'),
  z.object({ code: z.literal('no-own-unit'), power, province, dislodged: z.boolean() }),
  z.object({ code: z.literal('unit-of-other-power'), province, owner: power, power }),
  inProvince('no-unit'),
  z.object({ code: z.literal('wrong-unit-type'), location, unitType, written: unitType }),
  z.object({ code: z.literal('already-there'), unitType, province }),
  inProvince('army-to-sea'),
  fromTo('no-convoy-route'),
  fromTo('not-adjacent'),
  bare('only-armies-convoyed'),
  inProvince('fleet-inland'),
  z.object({ code: z.literal('fleet-cannot-reach'), from: location, to: location }),
  z.object({ code: z.literal('fleet-cannot-move'), from: location, to: province }),
  z.object({ code: z.literal('coast-needed'), province, options: z.array(location) }),
  inProvince('no-unit-to-support'),
  bare('support-self'),
  reachFromTo('cannot-reach-to-support-hold'),
  reachFromTo('cannot-reach-to-support-move'),
  fromTo('cannot-support-across'),
  inProvince('supported-already-there'),
  bare('support-into-own-province'),
  reachFromTo('supported-cannot-reach'),
  z.object({ code: z.literal('owner-only-border'), centre: province, from: province, to: province }),
  bare('only-fleets-convoy'),
  inProvince('fleet-cannot-convoy-here'),
  inProvince('no-unit-to-convoy'),
  z.object({ code: z.literal('not-on-convoy-route'), fleet: province, from: province, to: province }),
  bare('retreat-gave-way'),
  bare('retreat-bounced'),
  z.object({ code: z.literal('cannot-retreat'), unit: location, to: province, retreats: z.array(location) }),
  z.object({ code: z.literal('fleet-cannot-retreat'), unit: location, to: location, retreats: z.array(location) }),
  ofPower('no-builds'),
  z.object({ code: z.literal('too-many-builds'), power, allowed: count }),
  ofPower('no-removals'),
  z.object({ code: z.literal('too-many-removals'), power, allowed: count }),
  bare('already-removed'),
  ofPower('no-adjustments'),
  powerIn('partisan-site-closed'),
  powerIn('not-home-centre'),
  ofPower('undetermined-home-chosen'),
  powerIn('not-owned'),
  z.object({ code: z.literal('not-build-site'), power, province, rule: z.enum(BUILD_RULES) }),
  inProvince('occupied'),
  inProvince('already-building'),
  inProvince('unit-type-needed'),
  inProvince('fleet-build-inland'),
]);
