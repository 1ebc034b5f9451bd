// Column widths of the Word reports' number tables. A word longer than its cell is broken anywhere by Word and
// LibreOffice («152 684,7» / «9»), so every number column is made as wide as its longest number; its header's
// longest word and the labels' longest word get their room too when the page has it. The first column, the
// labels, which may wrap between words, takes the rest.

/** The text width of docx's default page (A4, 1440-twip margins), in twips. */
export const A4_TEXT_WIDTH = 11_906 - 2 * 1_440;

/**
 * Twips a character takes at a size in half-points, in em: numbers 0,6 (Arial's digits are 0,556, the no-break
 * space and the comma less), words 0,68 (bold Cyrillic, «щ» and capitals are wider).
 */
const NUMBER_EM = 0.6;
const WORD_EM = 0.68;
/** A number column is at least four digits wide. */
const MIN_CHARS = 4;

export interface FitOptions {
  /** The table's whole width in twips. */
  total: number;
  /** The text size in half-points (20 is the documents' 10 pt). */
  size: number;
  /** Left plus right cell margins, in twips. */
  margins: number;
}

const chars = (text: string) => [...text].length;
const longestWord = (text: string) => Math.max(0, ...text.split(/[ \t\n]+/).map(chars));

/**
 * Widths in twips for a table given as text, the header row first and the labels in the first column. Numbers
 * never break: their columns are measured on the whole number, the no-break spaces of its groups included.
 */
export function fitColumnWidths(rows: readonly (readonly string[])[], options: FitOptions): number[] {
  const [header = [], ...body] = rows;
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const twips = (count: number, em: number) => Math.ceil(count * em * options.size * 10) + options.margins;
  const numbers: number[] = [];
  const words: number[] = [];
  for (let column = 1; column < columns; column++) {
    const longest = Math.max(MIN_CHARS, ...body.map((row) => chars(row[column] ?? '')));
    numbers.push(twips(longest, NUMBER_EM));
    words.push(Math.max(numbers[numbers.length - 1], twips(longestWord(header[column] ?? ''), WORD_EM)));
  }
  const label = twips(Math.max(0, ...rows.map((row) => longestWord(row[0] ?? ''))), WORD_EM);
  const sum = (widths: readonly number[]) => widths.reduce((total, width) => total + width, 0);
  // Headers whole when they fit beside the labels' longest word; else only the numbers are kept whole.
  const others = sum(words) + label <= options.total ? words : numbers;
  return [Math.max(options.total - sum(others), Math.min(label, options.total / 4)), ...others];
}
