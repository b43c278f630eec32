import { foldForSearch } from '@souq/shared';

/** A word longer than this is no word a person types; the column holds at most this. */
const LONGEST_WORD = 100;

/**
 * The distinct words of some text, folded exactly as catalog search folds it (`foldForSearch`:
 * Arabic letter variants and marks, Arabic-Indic digits, case), split on whatever is not a letter
 * or a digit. A saved search's words and a new listing's words are both made here, so they meet.
 */
export function searchWords(...texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of foldForSearch(text).split(/[^\p{L}\p{N}]+/u))
      if (word && word.length <= LONGEST_WORD) words.add(word);
  return [...words].sort();
}
