// The words of a JSON input's syntax fault (the adjudicate command's input): where it stands and
// what was expected there. The readers (src/api/json-reader.ts, the command's array splitter)
// name the fault by these values.

/** What was expected where a JSON input went wrong. */
export const JSON_EXPECTED = [
  'value',
  'property-name',
  'colon',
  'comma-or-closing-brace',
  'comma-or-closing-bracket',
  'digit',
  'escape',
  'hex-digit',
  'string-character',
  'end-of-input',
] as const;
export type JsonExpected = (typeof JSON_EXPECTED)[number];

/** Where in the input: the byte offset from 0; line and column from 1, the column counted in bytes. */
export interface JsonPlace {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

const EXPECTED_TEXT: Record<JsonExpected, string> = {
  value: 'a value (object, array, string, number, true, false or null)',
  'property-name': 'a property name in double quotes',
  colon: "a ':' after the property name",
  'comma-or-closing-brace': "a ',' or '}' after the property's value",
  'comma-or-closing-bracket': "a ',' or ']' after the array's item",
  digit: 'a digit',
  escape: 'an escape (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits)',
  'hex-digit': 'a hex digit of a \\u escape',
  'string-character': "a string's closing '\"' (a line break or other control character must be escaped)",
  'end-of-input': 'the end of the input',
};

/** "the input is not valid JSON at line 3, column 14 (byte 120): expected …, found 'x'" */
export function jsonSyntaxText(place: JsonPlace, expected: JsonExpected, found: string | null): string {
  const what = found === null ? 'the end of the input' : `'${found}'`;
  return `the input is not valid JSON at line ${place.line}, column ${place.column} (byte ${place.offset}): expected ${EXPECTED_TEXT[expected]}, found ${what}`;
}
