// Reading a drawing's outlines in tests: path data of straight rings (M x y L x y … Z).

export type Point = readonly [number, number];

/** The closed rings of an outline's path data. */
export function ringsOf(d: string): [number, number][][] {
  return d
    .split('M')
    .filter((part) => part.trim() !== '')
    .map((part) =>
      part
        .replace(/Z/g, '')
        .split('L')
        .map((pair) => pair.trim().split(/\s+/).map(Number) as [number, number]),
    );
}

/** Whether a point lies inside an outline, by the even-odd rule the picture fills it with. */
export function inside([x, y]: Point, d: string): boolean {
  let crossings = 0;
  for (const ring of ringsOf(d)) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) crossings += 1;
    }
  }
  return crossings % 2 === 1;
}
