import { formatNumber } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { renderWordReport } from '../../domain/reports/word.ts';
import { unzip } from './test-zip.ts';

// No number of a Word report breaks across lines (issue 29 §7: «152 684,7» / «9»): a word wider than its cell is
// broken anywhere by Word and LibreOffice, so every number column must be as wide as its longest number.

/** Twips of one digit of the table's 10 pt Arial (0,556 em), and the cells' margins. */
const DIGIT = 112;
const MARGINS = 160;
/** The text width of an A4 page with docx's default margins. */
const TEXT_WIDTH = 11_906 - 2 * 1_440;

const gridColumns = (file: Buffer) => {
  const xml = unzip(file).get('word/document.xml')?.toString('utf8') ?? '';
  const grid = /<w:tblGrid>(.*?)<\/w:tblGrid>/.exec(xml)?.[1] ?? '';
  return [...grid.matchAll(/<w:gridCol w:w="(\d+)"/g)].map((m) => Number(m[1]));
};

describe('the Word report’s mood table', () => {
  it('gives every number column room for its longest number on one line', async () => {
    const big = {
      messages: 12_345,
      percent: 100,
      loms: 1_234,
      si: 152_684.79,
      views: 19_901_235,
      reposts: 158_884,
    };
    const file = await renderWordReport({
      title: 'Отчёт',
      generatedAt: '01 марта 2026',
      filter: [],
      moods: [
        { label: 'Поддерживающее', tint: null, ...big, total: false },
        { label: 'Всего', tint: null, ...big, total: true },
      ],
      note: null,
      sections: [],
    });
    const [, ...numberColumns] = gridColumns(file);
    const texts = [big.messages, big.percent, big.loms, big.si, big.views, big.reposts].map(formatNumber);
    expect(texts[3]).toBe('152\u00a0684,79');
    expect(numberColumns).toHaveLength(6);
    numberColumns.forEach((width, i) => {
      expect(width, texts[i]).toBeGreaterThanOrEqual([...texts[i]].length * DIGIT + MARGINS);
    });
    // The table fits the page as laid out: wider, it is scaled down and the numbers break again.
    expect(gridColumns(file).reduce((sum, width) => sum + width, 0)).toBeLessThanOrEqual(TEXT_WIDTH);
  });
});
