// JSON as the data files are written by hand: objects one key a line, but lists of plain values
// and small flat objects on one line, so a map's borders read like DPjudge's ABUTS lines.

export function formatJson(value: unknown): string {
  return `${format(value, '')}\n`;
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** Scalars, or lists of scalars: what fits on one line. */
function isFlat(value: object): boolean {
  return Object.values(value).every((v) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)));
}

function format(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isScalar)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  if (indent !== '' && isFlat(value)) {
    const line = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${format(v, inner)}`).join(', ')} }`;
    if (line.length + indent.length <= 110) return line;
  }
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`).join(',\n')}\n${indent}}`;
}
