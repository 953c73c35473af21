import { provinceOf } from '../../src/engine/map.ts';
import { parsePhaseId } from '../../src/engine/phase.ts';
import type { OrderResult, PhaseOutcome } from '../../src/engine/results.ts';
import type { Order, Position, ProvinceId, Unit } from '../../src/engine/types.ts';
import type { Variant } from '../../src/engine/variant.ts';

// What must hold of every adjudicated phase, read from the results as reported, without the resolver:
// each unit ends in exactly one place, where its reported order took it; a unit reported dislodged was
// beaten by a move reported as succeeded; an army whose convoy failed does not arrive; and every
// reported decision is the one the rules give from the other reported decisions (a support is cut
// exactly when an attack cuts it, a cut support is not counted, a move succeeds exactly when it is the
// strongest), which is what makes a result self-consistent. The one decision taken on faith is a convoy
// the Szykman rule declared disrupted although its fleets stand: `szykman` counts those; the army must
// then not move and must count nowhere, as a disrupted convoy.

export interface MovementCheck {
  readonly problems: string[];
  /** Armies whose convoy was declared disrupted while a route of standing fleets existed (the Szykman rule). */
  readonly szykman: number;
}

type Move = Extract<Order, { kind: 'move' }>;
type Support = Extract<Order, { kind: 'support' }>;
type Convoy = Extract<Order, { kind: 'convoy' }>;

/** One unit with the order it followed and what was reported of it. */
interface Entry {
  readonly unit: Unit;
  readonly province: ProvinceId;
  readonly order: Order;
  readonly result: OrderResult;
}

/** Strengths in halves, as a half-strength border needs; nothing at all is below a strait's 0. */
const FULL = 2;
const NONE = -1;

export function checkMovementPhase(variant: Variant, before: Position, outcome: PhaseOutcome): MovementCheck {
  const map = variant.forPhase(parsePhaseId(before.phase)!).map;
  const problems: string[] = [];
  const entries = new Map<ProvinceId, Entry>();
  for (const unit of before.units) {
    const found = outcome.results.filter((r) => r.unit === unit.location && r.order !== null && r.outcome !== 'illegal');
    if (found.length !== 1) {
      problems.push(`${unit.type} ${unit.location}: ${found.length} results for the unit`);
      continue;
    }
    entries.set(provinceOf(unit.location), { unit, province: provinceOf(unit.location), order: found[0]!.order!, result: found[0]! });
  }
  if (problems.length > 0) return { problems, szykman: 0 };
  const all = [...entries.values()];
  const moved = (e: Entry) => e.order.kind === 'move' && e.result.outcome === 'succeeds';
  const dislodged = (e: Entry) => e.result.markers.includes('dislodged');
  const target = (e: Entry) => provinceOf((e.order as Move).to);
  const movesInto = (province: ProvinceId) => all.filter((e) => e.order.kind === 'move' && target(e) === province);
  const at = (province: ProvinceId) => entries.get(province);
  const index = (province: ProvinceId) => map.indexOf(province);

  // Every unit ends in exactly one place: where its reported order took it.
  const expectedUnits = all
    .filter((e) => !dislodged(e))
    .map((e) => `${e.unit.power} ${e.unit.type} ${moved(e) ? (e.order as Move).to : e.unit.location}`)
    .sort();
  const actualUnits = outcome.position.units.map((u) => `${u.power} ${u.type} ${u.location}`).sort();
  if (expectedUnits.join() !== actualUnits.join())
    problems.push(`units after the phase ${actualUnits.join(', ')}; the results say ${expectedUnits.join(', ')}`);
  const expectedDislodged = all
    .filter(dislodged)
    .map((e) => `${e.unit.power} ${e.unit.type} ${e.unit.location}`)
    .sort();
  const actualDislodged = outcome.position.dislodged.map((u) => `${u.power} ${u.type} ${u.location}`).sort();
  if (expectedDislodged.join() !== actualDislodged.join())
    problems.push(`dislodged ${actualDislodged.join(', ')}; the results say ${expectedDislodged.join(', ')}`);
  const provinces = outcome.position.units.map((u) => provinceOf(u.location));
  if (new Set(provinces).size !== provinces.length) problems.push('two units end in one province');

  // Convoys: which moves go by convoy, and whether a route of standing fleets carried them.
  const convoysOf = (army: Entry) =>
    all.filter(
      (e) =>
        e.order.kind === 'convoy' &&
        provinceOf((e.order as Convoy).army.location) === army.province &&
        (e.order as Convoy).to === target(army) &&
        !e.result.markers.includes('void'),
    );
  const convoyed = (e: Entry): boolean => {
    if (e.order.kind !== 'move' || e.unit.type !== 'A') return false;
    const order = e.order;
    if (!map.armyAdjacentByIndex(index(e.province), index(target(e))) || order.viaConvoy || order.route.length > 0) return true;
    return convoysOf(e).some((f) => f.unit.power === e.unit.power);
  };
  const routeStands = (army: Entry): boolean => {
    const standing = convoysOf(army).filter((f) => !dislodged(f));
    const reached = new Set<Entry>();
    const queue = standing.filter((f) => map.seaLink(index(f.province), index(army.province)));
    for (const f of queue) reached.add(f);
    while (queue.length > 0) {
      const f = queue.pop()!;
      if (map.seaLink(index(f.province), index(target(army)))) return true;
      for (const g of standing) {
        if (reached.has(g) || !map.seaLink(index(f.province), index(g.province))) continue;
        reached.add(g);
        queue.push(g);
      }
    }
    return false;
  };
  let szykman = 0;
  const pathOk = new Map<Entry, boolean>();
  for (const e of all) {
    if (!convoyed(e)) continue;
    const declaredFailed = e.result.markers.includes('disrupted') || e.result.markers.includes('no convoy');
    const stands = routeStands(e);
    if (declaredFailed && stands) szykman++;
    if (!declaredFailed && !stands) problems.push(`A ${e.unit.location}: no route of standing fleets, yet its convoy is not reported failed`);
    pathOk.set(e, !declaredFailed && stands);
    if (moved(e) && !pathOk.get(e)) problems.push(`A ${e.unit.location}: arrived although every convoy failed`);
  }
  for (const f of all.filter((e) => e.order.kind === 'convoy')) {
    const army = at(provinceOf((f.order as Convoy).army.location));
    const carried = army !== undefined && pathOk.get(army) === true;
    if (f.result.outcome === 'succeeds' && (dislodged(f) || !carried))
      problems.push(`F ${f.unit.location}: convoy reported carried out, but no army went by it`);
    if (f.result.markers.includes('disrupted') && army !== undefined && moved(army))
      problems.push(`F ${f.unit.location}: convoy reported disrupted, yet the army arrived`);
  }

  // Supports: given exactly when not cut; a void one is one the supported unit's order does not match.
  const matches = (s: Entry): boolean => {
    const order = s.order as Support;
    const supported = at(provinceOf(order.supported.location));
    if (supported === undefined) return false;
    if (order.to === null) return supported.order.kind !== 'move';
    if (supported.order.kind !== 'move' || target(supported) !== provinceOf(order.to)) return false;
    return order.to === provinceOf(order.to) || supported.order.to === order.to;
  };
  const supportsGiven = (e: Entry, excludedPower: string | null) =>
    all.filter(
      (s) =>
        s.order.kind === 'support' &&
        s.result.outcome === 'succeeds' &&
        provinceOf((s.order as Support).supported.location) === e.province &&
        matches(s) &&
        s.unit.power !== excludedPower,
    ).length;
  const border = (from: ProvinceId, to: ProvinceId) => map.borderKindByIndex(index(from), index(to));
  for (const s of all.filter((e) => e.order.kind === 'support')) {
    const order = s.order as Support;
    if (!matches(s)) {
      if (!s.result.markers.includes('void')) problems.push(`${s.unit.type} ${s.unit.location}: support for an order not given, not reported void`);
      continue;
    }
    const aimedAt = order.to === null ? null : provinceOf(order.to);
    const cut =
      dislodged(s) ||
      movesInto(s.province).some((m) => {
        if (m.unit.power === s.unit.power) return false;
        if (convoyed(m)) return m.province !== aimedAt && pathOk.get(m) === true;
        const rule = border(m.province, s.province)?.cutsSupport ?? 'always';
        if (m.province === aimedAt || rule === 'never') return false;
        return rule === 'always' || supportsGiven(m, null) > 0;
      });
    if (cut !== (s.result.outcome === 'fails'))
      problems.push(`${s.unit.type} ${s.unit.location}: support reported ${s.result.outcome}, but it was ${cut ? '' : 'not '}cut`);
  }

  // Moves: each succeeds exactly when it is the strongest, counting only the supports reported given.
  const own = (m: Entry): number => {
    if (!convoyed(m)) {
      const kind = border(m.province, target(m));
      return kind === null ? FULL : kind.moveStrength * FULL;
    }
    const landings = convoysOf(m).filter((f) => map.seaLink(index(f.province), index(target(m))));
    if (landings.length === 0) return FULL;
    return Math.max(...landings.map((f) => (border(f.province, target(m))?.moveStrength ?? 1) * FULL));
  };
  const opponentOf = (m: Entry): Entry | undefined => {
    const other = at(target(m));
    return other && other.order.kind === 'move' && target(other) === m.province && !convoyed(m) && !convoyed(other) ? other : undefined;
  };
  const hold = (province: ProvinceId): number => {
    const unit = at(province);
    if (unit === undefined) return NONE;
    if (unit.order.kind === 'move') return moved(unit) ? NONE : FULL;
    return FULL + FULL * supportsGiven(unit, null);
  };
  const attack = (m: Entry): number => {
    if (convoyed(m) && !pathOk.get(m)) return NONE;
    const defender = at(target(m));
    if (defender === undefined || (defender !== opponentOf(m) && moved(defender))) return own(m) + FULL * supportsGiven(m, null);
    if (defender.unit.power === m.unit.power) return NONE;
    return own(m) + FULL * supportsGiven(m, defender.unit.power);
  };
  const prevent = (m: Entry): number => {
    if (convoyed(m) && !pathOk.get(m)) return NONE;
    const opponent = opponentOf(m);
    if (opponent !== undefined && moved(opponent)) return NONE;
    return own(m) + FULL * supportsGiven(m, null);
  };
  for (const m of all.filter((e) => e.order.kind === 'move')) {
    const strength = attack(m);
    const opponent = opponentOf(m);
    const against = opponent ? own(opponent) + FULL * supportsGiven(opponent, null) : hold(target(m));
    const succeeds = strength !== NONE && strength > against && movesInto(target(m)).every((other) => other === m || strength > prevent(other));
    if (succeeds !== moved(m))
      problems.push(
        `${m.unit.type} ${m.unit.location} - ${target(m)}: reported ${m.result.outcome}, but its strength ${strength / FULL} against ${against / FULL} says it ${succeeds ? 'succeeds' : 'fails'}`,
      );
  }

  // A unit reported dislodged was beaten by a move reported as succeeded, and every unit beaten so is.
  for (const e of all) {
    const beaten = !moved(e) && movesInto(e.province).some((m) => moved(m));
    if (beaten !== dislodged(e))
      problems.push(`${e.unit.type} ${e.unit.location}: reported ${dislodged(e) ? '' : 'not '}dislodged, while ${beaten ? 'a' : 'no'} move into it succeeded`);
  }
  const winners = new Map<ProvinceId, number>();
  for (const m of all.filter(moved)) winners.set(target(m), (winners.get(target(m)) ?? 0) + 1);
  for (const [province, count] of winners) if (count > 1) problems.push(`${count} moves into ${province} reported succeeded`);
  return { problems, szykman };
}

/**
 * A retreat phase: retreats that stand end where they went and nothing else moves; of retreats to one
 * province one stands exactly when it alone crosses the strongest border of them (the border kinds'
 * retreat strength: weaker ones give way, equals all disband).
 */
export function checkRetreatPhase(variant: Variant, before: Position, outcome: PhaseOutcome): string[] {
  const map = variant.map;
  const problems: string[] = [];
  const retreats = outcome.results.filter((r) => r.order?.kind === 'retreat' && r.outcome !== 'illegal');
  const strength = (r: OrderResult) => {
    const order = r.order as Extract<Order, { kind: 'retreat' }>;
    return map.borderKindByIndex(map.indexOf(provinceOf(order.unit.location)), map.indexOf(provinceOf(order.to)))?.retreatStrength ?? 1;
  };
  const into = (r: OrderResult) => provinceOf((r.order as Extract<Order, { kind: 'retreat' }>).to);
  for (const r of retreats) {
    const rivals = retreats.filter((o) => o !== r && into(o) === into(r));
    const stands = rivals.every((o) => strength(o) < strength(r));
    if (stands !== (r.outcome === 'succeeds'))
      problems.push(`retreat ${r.unit} - ${into(r)} reported ${r.outcome} against ${rivals.length} others to the same province`);
  }
  const occupied = new Set(before.units.map((u) => provinceOf(u.location)));
  const stood = retreats.filter((r) => r.outcome === 'succeeds').map((r) => r.order as Extract<Order, { kind: 'retreat' }>);
  for (const r of stood) if (occupied.has(provinceOf(r.to))) problems.push(`a retreat into occupied ${r.to}`);
  const units = (list: readonly Unit[]) => list.map((u) => `${u.power} ${u.type} ${u.location}`).sort();
  const expected = [...before.units, ...stood.map((r) => ({ ...before.dislodged.find((d) => d.location === r.unit.location)!, location: r.to }))];
  if (units(expected).join() !== units(outcome.position.units).join()) {
    problems.push(`units after the retreats ${units(outcome.position.units).join(', ')}; the results say ${units(expected).join(', ')}`);
  }
  return problems;
}
