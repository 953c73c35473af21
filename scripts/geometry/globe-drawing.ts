import {
  offTheMap,
  procedureBody,
  readFigures,
  readInfo,
  readNames,
  readSupplyCenters,
  PostScriptFormatError,
  type Figure,
  type PaintedLayer,
  type Point,
  type PostScriptMap,
} from './postscript.ts';

// Reads a drawing in Mario Huys's world layout (imperial's): the map is a globe cut into two overlapping
// ellipses (`ClipCircumference`), its outlines are plain path procedures (`ContinentalOutline`,
// `MountainOutline`, `NationalOutline`, `InternalOutlinePart…`) whose figures each end with `S`, and the
// map form paints some continental figures as sea (its `/Seas [ … ]` list of figure numbers).

/** Whether a drawing is in this layout. */
export function isGlobeDrawing(source: string): boolean {
  return /^\/ClipCircumference\s*\{/m.test(source) && /^\/ContinentalOutline\s*\{/m.test(source);
}

const LAND = '#ccb366';
const SEA = '#1a6699';
const MOUNTAIN = '#808080';
/** Points of each half-ellipse of the globe's rim. */
const RIM_STEPS = 90;

function numberOf(source: string, name: string): number {
  const match = new RegExp(`^/${name}\\s+(-?[\\d.]+)\\s+def`, 'm').exec(source);
  if (!match) throw new PostScriptFormatError(`the globe drawing does not define ${name}`);
  return Number(match[1]);
}

/**
 * The globe's rim, as ClipCircumference draws it: the western half of the left ellipse and the eastern
 * half of the right one, cut flat at the world's top and bottom.
 */
function rim(source: string): Figure {
  const top = numberOf(source, 'WorldTop');
  const bottom = numberOf(source, 'WorldBottom');
  const rx = numberOf(source, 'WorldRadiusHor');
  const ry = numberOf(source, 'WorldRadiusVert');
  const left = numberOf(source, 'WorldCenterLeft');
  const right = numberOf(source, 'WorldCenterRight');
  const cy = (top + bottom) / 2;
  const reach = Math.asin(Math.min(1, (top - cy) / ry));
  const points: Point[] = [];
  for (let i = 0; i <= RIM_STEPS; i += 1) {
    const angle = -reach + (2 * reach * i) / RIM_STEPS;
    points.push([right + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  for (let i = 0; i <= RIM_STEPS; i += 1) {
    const angle = Math.PI - reach + (2 * reach * i) / RIM_STEPS;
    points.push([left + rx * Math.cos(angle), cy + ry * Math.sin(angle)]);
  }
  return { closed: true, segments: points.map((to, i) => ({ kind: i === 0 ? 'move' : 'line', to })) };
}

function figuresOf(source: string, procedure: string, fill: boolean): Figure[] {
  const body = procedureBody(source, procedure);
  if (body === null) throw new PostScriptFormatError(`the globe drawing has no ${procedure}`);
  return readFigures(body, 1, fill, 'S');
}

export function readGlobeMap(source: string): PostScriptMap {
  const seaNumbers = new Set(
    (/\/Seas\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter((n) => n !== '')
      .map(Number),
  );
  const continental = figuresOf(source, 'ContinentalOutline', true);
  const layer = (name: string, fill: string | null, strokeWidth: number, figures: Figure[]): PaintedLayer => ({
    name,
    fill,
    strokeWidth,
    dashed: false,
    separates: true,
    figures,
  });
  const internal = [...figuresOf(source, 'InternalOutlinePart1', false), ...figuresOf(source, 'InternalOutlinePart2', false)];
  const frame: [number, number, number, number] = [
    numberOf(source, 'WorldCenterLeft') - numberOf(source, 'WorldRadiusHor'),
    numberOf(source, 'WorldBottom'),
    numberOf(source, 'WorldCenterRight') - numberOf(source, 'WorldCenterLeft') + 2 * numberOf(source, 'WorldRadiusHor'),
    numberOf(source, 'WorldTop') - numberOf(source, 'WorldBottom'),
  ];
  return {
    frame,
    background: SEA,
    info: readInfo(source),
    supplyCenters: readSupplyCenters(source),
    // SingleDrawName writes a name MapNameOffset (14) below the point at MapUnitScale (.4).
    names: readNames(source, numberOf(source, 'MapNameOffset') * numberOf(source, 'MapUnitScale')),
    layers: [
      layer(
        'ContinentalOutline',
        LAND,
        1,
        continental.filter((_, i) => !seaNumbers.has(i)),
      ),
      layer(
        'ContinentalOutline seas',
        SEA,
        1,
        continental.filter((_, i) => seaNumbers.has(i)),
      ),
      layer('MountainOutline', MOUNTAIN, 2.5, figuresOf(source, 'MountainOutline', true)),
      layer('NationalOutline', null, 2.5, figuresOf(source, 'NationalOutline', false)),
      layer('InternalOutline', null, 1, internal),
      ...offTheMap(frame, [rim(source)]),
    ],
  };
}
