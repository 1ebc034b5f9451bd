import { MOODS, type Mood } from '@monitoring/contracts';
import { CsvRecords, csvCells } from '../text/csv.ts';

/**
 * Labelled texts in CSV (`label,text`), as `npm run ai:evaluate` reads them (docs/mood-model.md
 * "Evaluate on your own data"): RFC 4180 quoting, so a text may span lines; a byte-order mark and CRLF are
 * fine. A label is a mood id 1..6 or one of the words of LABEL_WORDS.
 */

/** The words a label may be, and the mood each means; «speech» and «skip» are «Другое». */
export const LABEL_WORDS: Readonly<Record<string, Mood>> = {
  positive: MOODS.POSITIVE,
  negative: MOODS.NEGATIVE,
  neutral: MOODS.NEUTRAL,
  other: MOODS.OTHER,
  speech: MOODS.OTHER,
  skip: MOODS.OTHER,
};

/** The longest text accepted, in characters. */
export const MAX_LABELLED_TEXT = 100_000;

export interface LabelledText {
  mood: Mood;
  text: string;
  /** The label as written. */
  label: string;
  /** The line of the file where the record starts (1-based, the header is line 1). */
  line: number;
}

export class LabelledCsvError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    message: string,
  ) {
    super(`${file}${line === null ? '' : `, строка ${line}`}: ${message}`);
  }
}

/** The records of CSV text with their cells and the line each starts on (the shared RFC 4180 splitter). */
function* records(content: string, file: string): Generator<{ fields: string[]; line: number }> {
  const joiner = new CsvRecords();
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const record = joiner.push(i + 1, lines[i]);
    if (record && record.text !== '') yield { fields: csvCells(record.text), line: record.start };
  }
  if (joiner.pending) throw new LabelledCsvError(file, joiner.pending.start, 'не закрыта кавычка');
}

/** A label as a mood (or null): an id 1..6, or a word of LABEL_WORDS (any case), through `words` if given. */
export function moodOfLabel(label: string, words: Readonly<Record<string, Mood>> = LABEL_WORDS): Mood | null {
  const trimmed = label.trim().toLowerCase();
  if (/^[1-6]$/.test(trimmed)) return Number(trimmed) as Mood;
  return Object.hasOwn(words, trimmed) ? words[trimmed] : null;
}

/**
 * Reads a labelled CSV's content (`file` names it in the messages). Throws LabelledCsvError, naming the
 * file and the line, on an empty file, a header other than `label,text`, a record of other than two
 * fields, an unknown label, an empty text, a NUL character or a text over MAX_LABELLED_TEXT characters.
 */
export function parseLabelledCsv(
  content: string,
  file: string,
  words: Readonly<Record<string, Mood>> = LABEL_WORDS,
): LabelledText[] {
  const out: LabelledText[] = [];
  let header = true;
  for (const { fields, line } of records(content, file)) {
    if (header) {
      const names = fields.map((f) => f.trim().toLowerCase());
      if (names.length !== 2 || names[0] !== 'label' || names[1] !== 'text')
        throw new LabelledCsvError(
          file,
          line,
          `ожидается заголовок «label,text», а в файле «${fields.join(',').slice(0, 60)}»`,
        );
      header = false;
      continue;
    }
    if (fields.length !== 2)
      throw new LabelledCsvError(file, line, `ожидается два поля (label,text), а их ${fields.length}`);
    const [label, text] = fields;
    const mood = moodOfLabel(label, words);
    if (mood === null)
      throw new LabelledCsvError(
        file,
        line,
        `неизвестная метка «${label.slice(0, 40)}»: ожидается 1–6 или ${Object.keys(words).join(', ')}`,
      );
    if (text.includes('\u0000')) throw new LabelledCsvError(file, line, 'текст содержит нулевой символ');
    if (text.length > MAX_LABELLED_TEXT)
      throw new LabelledCsvError(
        file,
        line,
        `текст длиннее ${MAX_LABELLED_TEXT.toLocaleString('ru-RU')} символов`,
      );
    if (text.trim() === '') throw new LabelledCsvError(file, line, 'пустой текст');
    out.push({ mood, text, label: label.trim().toLowerCase(), line });
  }
  if (header) throw new LabelledCsvError(file, null, 'файл пуст: нет даже заголовка «label,text»');
  if (out.length === 0) throw new LabelledCsvError(file, null, 'в файле нет ни одной строки с меткой');
  return out;
}
