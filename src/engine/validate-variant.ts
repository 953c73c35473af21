import { coastOf, provinceOf } from './map.ts';
import type { LocationId, ProvinceId } from './types.ts';
import type { MapData } from './map-schema.ts';
import type { VariantData } from './variant-schema.ts';

// The checks every map and variant passes when it is loaded, beyond its schema: each problem is
// one line naming the entry (province, power, unit) it is about, so a data error is found at once.

/** Initials the judge keeps for itself: M signs on the Master and O an observer (njudge, DPjudge). */
export const RESERVED_INITIALS: readonly string[] = ['M', 'O'];

export function mapProblems(map: MapData): string[] {
  const problems: string[] = [];
  const byId = new Map(map.provinces.map((p) => [p.id, p]));
  const fleetLists = new Map<LocationId, readonly LocationId[]>();
  for (const p of map.provinces) {
    if (p.coasts) {
      if (p.fleet.length > 0) problems.push(`${p.id}: a province with split coasts lists its fleet moves per coast, not in "fleet"`);
      if (p.terrain !== 'coast') problems.push(`${p.id}: only a coastal province can have split coasts`);
      for (const [coast, list] of Object.entries(p.coasts)) fleetLists.set(`${p.id}/${coast}` as LocationId, list ?? []);
    } else if (p.terrain === 'land') {
      if (p.fleet.length > 0) problems.push(`${p.id}: a land province lists fleet moves`);
    } else fleetLists.set(p.id, p.fleet);
    if (p.terrain === 'sea' && p.army.length > 0) problems.push(`${p.id}: a sea lists army moves`);
    if (p.port && p.terrain !== 'coast') problems.push(`${p.id}: only a coastal province can be a port`);
  }
  const location = (loc: LocationId): { ok: boolean; why: string } => {
    const province = byId.get(provinceOf(loc));
    if (!province) return { ok: false, why: `unknown province ${provinceOf(loc)}` };
    const coast = coastOf(loc);
    if (coast !== null && !province.coasts?.[coast]) return { ok: false, why: `${province.id} has no coast ${coast}` };
    if (coast === null && province.coasts) return { ok: false, why: `${province.id} has split coasts, so a fleet must name one` };
    return { ok: true, why: '' };
  };
  for (const p of map.provinces) {
    for (const to of p.army) {
      const target = byId.get(to);
      if (to === p.id) problems.push(`${p.id}: borders itself`);
      else if (!target) problems.push(`${p.id}: army move to unknown province ${to}`);
      else if (target.terrain === 'sea') problems.push(`${p.id}: army move to the sea ${to}`);
      else if (!target.army.includes(p.id)) problems.push(`${p.id}: army border with ${to} is one-way (${to} does not list ${p.id})`);
    }
    for (const [to, kind] of Object.entries(p.borders ?? {})) {
      if (
        !p.army.includes(to as ProvinceId) &&
        ![...fleetLists.entries()].some(([from, list]) => provinceOf(from) === p.id && list.some((l) => provinceOf(l) === to))
      )
        problems.push(`${p.id}: a ${kind} border with ${to}, which it does not border`);
      if (map.borderKinds?.[kind] === undefined) problems.push(`${p.id}: border with ${to} of a kind the map does not describe (${kind})`);
    }
  }
  for (const [from, list] of fleetLists) {
    for (const to of list) {
      const checked = location(to);
      if (provinceOf(to) === provinceOf(from)) problems.push(`${from}: borders itself (${to})`);
      else if (!checked.ok) problems.push(`${from}: fleet move to ${to}: ${checked.why}`);
      else if (byId.get(provinceOf(to))!.terrain === 'land') problems.push(`${from}: fleet move inland to ${to}`);
      else if (!(fleetLists.get(to) ?? []).includes(from)) problems.push(`${from}: fleet border with ${to} is one-way (${to} does not list ${from})`);
    }
  }
  return problems;
}

export function variantProblems(data: VariantData, map: MapData): string[] {
  const problems: string[] = [];
  const byId = new Map(map.provinces.map((p) => [p.id, p]));
  const centres = map.provinces.filter((p) => p.supplyCenter).map((p) => p.id);
  const seen = { id: new Map<string, string>(), name: new Map<string, string>(), initial: new Map<string, string>() };
  const owner = new Map<string, string>();
  const occupied = new Map<string, string>();
  for (const power of data.powers) {
    for (const [key, value] of [
      ['id', power.id],
      ['name', power.name.toUpperCase()],
      ['initial', power.initial],
    ] as const) {
      const other = seen[key].get(value);
      if (other !== undefined) problems.push(`power ${power.id}: ${key} ${value} is also ${other}'s`);
      seen[key].set(value, power.id);
    }
    if (RESERVED_INITIALS.includes(power.initial))
      problems.push(`power ${power.id}: the initial ${power.initial} is reserved for ${power.initial === 'M' ? 'the Master' : 'observers'}`);
    for (const centre of power.homeCenters) if (!byId.get(centre)?.supplyCenter) problems.push(`power ${power.id}: home ${centre} is not a supply centre`);
    for (const centre of power.ownedCenters ?? power.homeCenters) {
      if (!byId.get(centre)?.supplyCenter) problems.push(`power ${power.id}: owned centre ${centre} is not a supply centre`);
      const other = owner.get(centre);
      if (other !== undefined) problems.push(`power ${power.id}: centre ${centre} is also owned by ${other} at the start`);
      owner.set(centre, power.id);
    }
    for (const site of power.partisanSites ?? []) {
      const province = byId.get(site);
      if (!province) problems.push(`power ${power.id}: partisan site ${site} is not a province`);
      else if (province.terrain === 'sea') problems.push(`power ${power.id}: partisan site ${site} is a sea`);
    }
    if (data.mobilize && (power.units.length > 0 || (power.ownedCenters ?? []).length > 0))
      problems.push(`power ${power.id}: under mobilize a power starts with no units and no centres`);
    for (const unit of power.units) {
      const province = byId.get(provinceOf(unit.location));
      const coast = coastOf(unit.location);
      const legal =
        province !== undefined &&
        (unit.type === 'A'
          ? province.terrain !== 'sea' && coast === null
          : province.terrain !== 'land' && (province.coasts ? coast !== null && province.coasts[coast] !== undefined : coast === null));
      if (!legal) problems.push(`power ${power.id}: unit ${unit.type} ${unit.location} cannot stand there`);
      const other = occupied.get(provinceOf(unit.location));
      if (other !== undefined) problems.push(`power ${power.id}: unit ${unit.type} ${unit.location} shares its province with a unit of ${other}`);
      occupied.set(provinceOf(unit.location), power.id);
    }
  }
  if (data.victory.centers > centres.length) problems.push(`victory: ${data.victory.centers} centres are needed but the map has only ${centres.length}`);
  const steps = data.flow.filter((f) => 'season' in f);
  if (!steps.some((s) => s.type === 'movement')) problems.push('flow: no movement phase');
  if (!data.flow.some((f) => 'newYear' in f)) problems.push('flow: the year never advances (no newYear)');
  const seasonNames = new Map<string, string>();
  for (const step of steps) {
    const other = seasonNames.get(step.season);
    if (other !== undefined && other !== step.seasonName) problems.push(`flow: season letter ${step.season} is both ${other} and ${step.seasonName}`);
    seasonNames.set(step.season, step.seasonName);
    if (steps.filter((s) => s.season === step.season && s.type === step.type).length > 1)
      problems.push(`flow: ${step.seasonName} ${step.type} is listed twice`);
  }
  for (const seasonal of data.seasonalProvinces ?? []) {
    if (!byId.has(seasonal.province)) problems.push(`seasonalProvinces: unknown province ${seasonal.province}`);
    for (const season of seasonal.seasons)
      if (!steps.some((s) => s.season === season))
        problems.push(`seasonalProvinces: ${seasonal.province} opens in season ${season}, which the flow does not have`);
  }
  if (data.mobilize && data.begin.type !== 'adjustment') problems.push('begin: under mobilize the game begins with an adjustment phase');
  if (!steps.some((s) => s.season === data.begin.season && s.type === data.begin.type))
    problems.push(`begin: ${data.begin.season} ${data.begin.type} is not a phase of the flow`);
  return [...new Set(problems)];
}
