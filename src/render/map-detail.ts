import type { MapGeometry } from '../catalog/map-geometry.ts';

// Detail panels for the crowded parts of large maps (issue 31). Youngstown and imperial draw Europe at
// a fraction of the scale the rest of their world has, so its units and names cover each other at any
// size a mail program shows. The picture mailed to players adds, under the whole map, a panel with
// such a region enlarged: drawn from the drawing scaled up, so its units, names and arrows keep their
// usual size while the provinces grow apart.

export interface DetailRegion {
  /** What the panel's band calls it. */
  readonly name: string;
  /** The part of the drawing shown: x, y, width, height in the drawing's units. */
  readonly box: readonly [number, number, number, number];
}

/** Per map: its crowded region, as data (one at most: the picture has room for one panel). A map not named has none. */
const DETAIL_REGIONS: Readonly<Record<string, DetailRegion>> = {
  // Iberia to the Ukraine, Scotland to Anatolia: the standard board, drawn at a third of standard's scale.
  youngstown: { name: 'Europe', box: [40, 40, 380, 330] },
  // Ireland to the Caspian, Norway to the Nile: about 12 units between neighbouring armies there.
  imperial: { name: 'Europe and the Near East', box: [1130, 140, 620, 290] },
};

export function detailRegion(mapName: string): DetailRegion | null {
  return DETAIL_REGIONS[mapName] ?? null;
}

/**
 * The drawing moved and scaled so that `box` fills a panel `width` units wide from (0, 0): every
 * point, outline and line, all written with absolute M, L and C commands.
 */
export function zoomedGeometry(geometry: MapGeometry, box: DetailRegion['box'], width: number): ZoomedGeometry {
  const key = `${box.join(' ')} ${width}`;
  const kept = zoomed.get(geometry)?.get(key);
  if (kept) return kept;
  const made = zoom(geometry, box, width);
  zoomed.set(geometry, (zoomed.get(geometry) ?? new Map()).set(key, made));
  return made;
}

interface ZoomedGeometry {
  readonly geometry: MapGeometry;
  /**
   * The drawing's layers, only the figures that reach no more than OVER_THE_TOP above the panel: their
   * lines may be drawn over the tints, what sticks out being covered by the band and legend above.
   */
  readonly nearLayers: MapGeometry['layers'];
  readonly zoom: number;
  readonly height: number;
}

/** How far above the panel a figure drawn over the tints may reach: less than the band and legend above it. */
const OVER_THE_TOP = 30;

/** Drawings already zoomed, per drawing (loaded once) and region: every picture of the map uses them. */
const zoomed = new WeakMap<MapGeometry, Map<string, ZoomedGeometry>>();

function zoom(geometry: MapGeometry, box: DetailRegion['box'], width: number): ZoomedGeometry {
  const zoom = width / box[2];
  const at = (x: number, y: number): [number, number] => [Math.round((x - box[0]) * zoom * 10) / 10, Math.round((y - box[1]) * zoom * 10) / 10];
  const height = box[3] * zoom;
  // Each figure of a path is moved and scaled; one wholly outside the panel is left out, so the
  // panel costs what it shows, not the whole world drawn large.
  const path = (d: string, reach = Infinity) =>
    d
      .split(/(?=M)/)
      .map((figure) => {
        const xs: number[] = [];
        const ys: number[] = [];
        const moved = figure.replace(/(-?[\d.]+)[ ,](-?[\d.]+)/g, (_, x: string, y: string) => {
          const p = at(Number(x), Number(y));
          xs.push(p[0]);
          ys.push(p[1]);
          return p.join(' ');
        });
        const outside = Math.max(...xs) < 0 || Math.min(...xs) > width || Math.max(...ys) < 0 || Math.min(...ys) > height;
        return outside || Math.min(...ys) < -reach ? '' : moved;
      })
      .join('');
  const points = <T extends Record<string, readonly [number, number]>>(record: T) =>
    Object.fromEntries(Object.entries(record).map(([id, [x, y]]) => [id, at(x, y)])) as Record<string, [number, number]>;
  return {
    zoom,
    height,
    nearLayers: geometry.layers.map((layer) => ({ ...layer, d: path(layer.d, OVER_THE_TOP) })).filter((layer) => layer.d !== ''),
    geometry: {
      ...geometry,
      viewBox: [0, 0, width, height],
      layers: geometry.layers.map((layer) => ({ ...layer, d: path(layer.d) })).filter((layer) => layer.d !== ''),
      provinces: Object.fromEntries(
        Object.entries(geometry.provinces)
          .map(([id, d]) => [id, path(d)])
          .filter(([, d]) => d !== ''),
      ),
      locations: points(geometry.locations),
      names: Object.fromEntries(Object.entries(geometry.names).map(([id, name]) => [id, { ...name, at: at(name.at[0], name.at[1]) }])),
      supplyCenters: points(geometry.supplyCenters),
    },
  };
}
