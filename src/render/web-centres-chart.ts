import { powerColours } from './map-colours.ts';
import { html, type Html } from './html.ts';

// The supply centres each power held, year by year, as an SVG line chart drawn on the server: no
// script and no style sheet needed, and the table beside it still says the same in figures. Each
// power's line is in its map colour and has its own dash, and the legend names the powers, so no
// reader depends on hue alone.

export interface CentresChartInput {
  readonly powers: readonly { readonly id: string; readonly name: string }[];
  /** Oldest first: a year (or the current phase) and each power's centres, in `powers` order. */
  readonly rows: readonly { readonly label: string; readonly counts: readonly number[] }[];
}

const WIDTH = 480;
const PLOT_HEIGHT = 180;
const LEFT = 30;
const RIGHT = 12;
const TOP = 10;
const AXIS = 26;
const LEGEND_ROW = 20;
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '4 2', '1 2', '10 4'];

const num = (v: number) => String(Math.round(v * 10) / 10);

export function centresChart(input: CentresChartInput): Html | null {
  if (input.rows.length === 0) return null;
  const colours = powerColours(input.powers.map((p) => p.id));
  const most = Math.max(1, ...input.rows.flatMap((r) => r.counts));
  const top = Math.ceil(most / 5) * 5;
  const perRow = 3;
  const legendRows = Math.ceil(input.powers.length / perRow);
  const height = TOP + PLOT_HEIGHT + AXIS + legendRows * LEGEND_ROW + 4;
  const plotWidth = WIDTH - LEFT - RIGHT;
  const x = (i: number) => LEFT + (input.rows.length === 1 ? plotWidth / 2 : (i * plotWidth) / (input.rows.length - 1));
  const y = (n: number) => TOP + PLOT_HEIGHT - (n * PLOT_HEIGHT) / top;
  const grid = [];
  for (let n = 0; n <= top; n += 5) {
    grid.push(
      html`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${num(y(n))}" y2="${num(y(n))}" stroke="#bbbbbb" stroke-width="0.5"/><text x="${LEFT - 4}" y="${num(y(n) + 5)}" text-anchor="end">${n}</text>`,
    );
  }
  // Labels along the axis: every year when they fit, else every few.
  const step = Math.max(1, Math.ceil(input.rows.length / 8));
  const last = input.rows.length - 1;
  // The first label starts at the axis and the last ends at the edge, so neither runs off the chart.
  const anchor = (i: number) => (i === 0 && last > 0 ? 'start' : i === last && last > 0 ? 'end' : 'middle');
  const years = input.rows.map((row, i) =>
    i % step === 0 || i === last
      ? html`<text x="${num(x(i))}" y="${TOP + PLOT_HEIGHT + 17}" text-anchor="${anchor(i)}">${row.label.replace(/ \(now\)$/, '')}</text>`
      : '',
  );
  const lines = input.powers.map((power, p) => {
    const colour = colours.get(power.id) ?? '#888888';
    const points = input.rows.map((row, i) => `${num(x(i))},${num(y(row.counts[p] ?? 0))}`).join(' ');
    const dash = DASHES[p % DASHES.length]!;
    return html`<g class="power"><title>${power.name}: ${input.rows.map((r) => `${r.label} ${r.counts[p] ?? 0}`).join(', ')}</title><polyline points="${points}" fill="none" stroke="#1a1a1a" stroke-width="3.6" stroke-linejoin="round"${dash ? html` stroke-dasharray="${dash}"` : ''}/><polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2.2" stroke-linejoin="round"${dash ? html` stroke-dasharray="${dash}"` : ''}/></g>`;
  });
  const legend = input.powers.map((power, p) => {
    const left = LEFT + (p % perRow) * (plotWidth / perRow);
    const row = TOP + PLOT_HEIGHT + AXIS + Math.floor(p / perRow) * LEGEND_ROW + 8;
    const dash = DASHES[p % DASHES.length]!;
    return html`<line x1="${num(left)}" x2="${num(left + 22)}" y1="${row}" y2="${row}" stroke="${colours.get(power.id) ?? '#888888'}" stroke-width="3"${dash ? html` stroke-dasharray="${dash}"` : ''}/><text x="${num(left + 26)}" y="${row + 5}">${power.name}</text>`;
  });
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="Supply centres per power by year" font-family="sans-serif" font-size="14" fill="currentColor" preserveAspectRatio="xMinYMin meet">${grid}${years}${lines}${legend}</svg>`;
}
