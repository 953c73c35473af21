import { closest, orList } from '../engine/suggest.ts';

/** "; did you mean France?" when a candidate is close to the word, else "" (to end an error message). */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const near = closest(word, candidates);
  return near.length === 0 ? '' : `; did you mean ${orList(near)}?`;
}
