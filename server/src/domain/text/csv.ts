/**
 * CSV as RFC 4180 writes it (quotes, doubled quotes, commas and line breaks inside quotes), shared by the files of
 * `npm run ingest` (features/ingest/file.ts) and the labelled texts of `npm run ai:evaluate`
 * (domain/mood-model/labelled-csv.ts).
 */

/** Splits one CSV record into its cells. */
export function csvCells(record: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const ch = record[i];
    if (quoted) {
      if (ch === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Whether a record's text so far leaves a quote open: its next line belongs to it. */
export const opensQuote = (text: string) => (text.match(/"/g)?.length ?? 0) % 2 === 1;

/**
 * Joins lines into records: a record whose quotes are open takes the next line. Feed lines in order with `push`
 * (1-based line numbers); each complete record comes back with the line it starts on, and `pending` is what a
 * file ending in an open quote leaves.
 */
export class CsvRecords {
  pending: { start: number; text: string } | null = null;
  push(line: number, raw: string): { start: number; text: string } | null {
    const record = this.pending
      ? { start: this.pending.start, text: `${this.pending.text}\n${raw}` }
      : { start: line, text: raw };
    if (opensQuote(record.text)) {
      this.pending = record;
      return null;
    }
    this.pending = null;
    return record;
  }
}
