import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseIngestLine } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { csvCells } from '../../domain/text/csv.ts';
import { readIngestFile } from './file.ts';

describe('ingest files', () => {
  it('splits CSV cells with quotes, doubled quotes and commas', () => {
    expect(csvCells('a,"b, c","он сказал ""да""",')).toEqual(['a', 'b, c', 'он сказал "да"', '']);
  });

  it('reads CSV records as the NDJSON lines of the same messages, numbered by their first line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-csv-'));
    const file = join(dir, 'm.csv');
    writeFileSync(
      file,
      [
        'source,external_id,text,wrote_at,views,media,screenshots',
        'Telegram,1,"Первая строка',
        'вторая строка, с запятой",2026-11-01T10:00:00+03:00,15,image:https://m.example.ru/1.jpg,https://s.example.ru/1.png',
        'Telegram,2,Просто текст,2026-11-01T11:00:00+03:00,-3,,',
      ].join('\n'),
    );
    try {
      const lines = [];
      for await (const item of readIngestFile(file, 'csv')) lines.push(item.line);
      expect(lines.map((l) => l.line)).toEqual([2, 4]);
      const first = parseIngestLine(lines[0].text, lines[0].line);
      expect(first.ok && first.value).toMatchObject({
        external_id: '1',
        text: 'Первая строка\nвторая строка, с запятой',
        views: 15,
        media: [{ type: 'image', url: 'https://m.example.ru/1.jpg' }],
        screenshots: [{ url: 'https://s.example.ru/1.png' }],
      });
      const second = parseIngestLine(lines[1].text, lines[1].line);
      expect(second.ok ? null : second.error).toMatchObject({ line: 4, field: 'views' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
