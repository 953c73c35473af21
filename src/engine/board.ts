import { provinceOf } from './map.ts';
import { illegal, type Checked } from './results.ts';
import { Int32Slot, Uint8Slot } from './scratch.ts';
import type { LocationId, PowerId, ProvinceId, Unit, UnitRef } from './types.ts';
import type { Variant } from './variant.ts';

// Units indexed by province, and the unit an order names (its rejection a typed OrderReason).

// Scratch arrays: a board lives for one adjudication (see scratch.ts).
const UNIT_AT = new Int32Slot();
const PROVINCE_INDEX = new Int32Slot();
const LOCATION_INDEX = new Int32Slot();
const POWER_INDEX = new Uint8Slot();

export class Board {
  /** Unit index per province index, -1 when empty (the array may be longer than the map). */
  readonly unitAt: Int32Array;
  /** Province index per unit. */
  readonly provinceIndex: Int32Array;
  /** Location index per unit (GameMap.locations), -1 for a place the map does not list as a location. */
  readonly locationIndex: Int32Array;
  /** The variant's power index per unit (255 for a power the variant does not have). */
  readonly powerIndex: Uint8Array;

  constructor(
    readonly variant: Variant,
    readonly units: readonly Unit[],
  ) {
    const map = variant.map;
    this.unitAt = UNIT_AT.take(map.size, -1);
    // Every unit's entry is written below.
    this.provinceIndex = PROVINCE_INDEX.takeAsItIs(units.length);
    this.locationIndex = LOCATION_INDEX.takeAsItIs(units.length);
    this.powerIndex = POWER_INDEX.takeAsItIs(units.length);
    let lastPower: PowerId | null = null;
    let lastPowerIndex = 255;
    for (let i = 0; i < units.length; i++) {
      const unit = units[i]!;
      const at = map.locationIndexOf(unit.location);
      const province = at >= 0 ? map.locationProvince[at]! : map.indexOf(provinceOf(unit.location));
      this.provinceIndex[i] = province;
      this.locationIndex[i] = at;
      this.unitAt[province] = i;
      // Units come grouped by power: most need no lookup.
      if (unit.power !== lastPower) {
        const power = variant.powerIndex(unit.power);
        lastPower = unit.power;
        lastPowerIndex = power < 0 ? 255 : power;
      }
      this.powerIndex[i] = lastPowerIndex;
    }
  }

  /** Index of the unit in the province, or -1. */
  indexAt(province: ProvinceId): number {
    const index = this.variant.map.province(province)?.index;
    return index === undefined ? -1 : this.unitAt[index]!;
  }

  /** Index of the unit in the province of a location (`stp/nc` finds the unit in stp), or -1. */
  indexAtLocation(location: LocationId): number {
    const at = this.variant.map.provinceIndexOfLocation(location);
    return at >= 0 ? this.unitAt[at]! : this.indexAt(provinceOf(location));
  }

  /**
   * The unit a player's order names: it must exist and be theirs. A wrong unit type or coast
   * written for it is not checked here: it is ignored and noted (DATC 4.B.5, 4.C.2).
   */
  findOwn(power: PowerId, ref: UnitRef): Checked<number> {
    const index = this.indexAtLocation(ref.location);
    if (index < 0) return illegal({ code: 'no-own-unit', power, province: provinceOf(ref.location), dislodged: false });
    const unit = this.units[index]!;
    if (unit.power !== power) return illegal({ code: 'unit-of-other-power', province: provinceOf(ref.location), owner: unit.power, power });
    return { ok: true, value: index, notes: NO_NOTES };
  }

  /** Any unit at the place named, checking the unit type and coast if the player wrote them. */
  find(ref: UnitRef): Checked<number> {
    const index = this.indexAtLocation(ref.location);
    if (index < 0) return illegal({ code: 'no-unit', province: provinceOf(ref.location) });
    const unit = this.units[index]!;
    if (ref.type !== null && ref.type !== unit.type)
      return illegal({ code: 'wrong-unit-type', location: unit.location, unitType: unit.type, written: ref.type });
    return { ok: true, value: index, notes: NO_NOTES };
  }
}

/** The empty list results share when they have no notes or markers: nothing adds to a result's lists once it is made. */
export const NO_NOTES: readonly never[] = Object.freeze([]);

/** The reference to an actual unit, as the canonical echo shows it. */
export function refOf(unit: Unit): UnitRef {
  return { type: unit.type, location: unit.location };
}
