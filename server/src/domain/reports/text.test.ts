import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { addTableSheet, createWorkbook, zipBacklog } from './excel.ts';
import { lighten } from './summary.ts';
import { periodForFileName, periodText, plainMessageText, truncate, xmlSafe } from './text.ts';

describe('plainMessageText', () => {
  it('keeps the displayed text: no HTML, no emoji, <br> as a line break, entities decoded', () => {
    expect(
      plainMessageText('Привет <mark>мир</mark><br/>😀 <script>alert(1)</script>&laquo;да&raquo; &#8470;5'),
    ).toBe('Привет мир\n«да» №5');
    expect(plainMessageText(null)).toBe('');
  });

  it('drops characters that would break an Office file', () => {
    expect(plainMessageText('a\u0001b\u000Bc\uFFFEd\uD800e')).toBe('abcde');
    expect(xmlSafe('ok\tline\n')).toBe('ok\tline\n');
  });
});

describe('truncate', () => {
  it('cuts with an ellipsis and never splits a surrogate pair', () => {
    expect(truncate('абвгд', 10)).toBe('абвгд');
    expect(truncate('абвгд', 4)).toBe('абв…');
    expect(truncate('ab𝄞cd', 4)).toBe('ab…');
  });
});

describe('periods', () => {
  const day = (text: string) => new Date(text);
  it('reads the exclusive end of a period as its last day, in Moscow time', () => {
    const period = {
      wrote_at_after: day('2025-02-28T21:00:00Z'),
      wrote_at_before: day('2025-03-31T21:00:00Z'),
    };
    expect(periodText(period)).toBe('01 марта 2025 — 31 марта 2025');
    expect(periodForFileName(period, new Date())).toBe('01.03.2025–31.03.2025');
    expect(
      periodText({
        wrote_at_after: day('2025-02-28T21:00:00Z'),
        wrote_at_before: day('2025-03-01T21:00:00Z'),
      }),
    ).toBe('01 марта 2025');
    expect(periodText({ wrote_at_after: day('2025-03-01T07:30:00Z') })).toBe('с 01 марта 2025 10:30');
    expect(periodText({})).toBe('за всё время');
    expect(periodForFileName({}, day('2025-06-01T10:00:00Z'))).toBe('на 01.06.2025');
  });
});

describe('lighten', () => {
  it('mixes a colour with white', () => {
    expect(lighten('#000000', 0.5)).toBe('808080');
    expect(lighten('#66C05A', 0)).toBe('66C05A');
  });
});

describe('zipBacklog', () => {
  // The streaming writer paces itself on exceljs internals; an upgrade that moves them must fail here.
  it('reads how much of a sheet zlib has not taken yet', async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = createWorkbook(out);
    const sheet = addTableSheet(workbook, 'Лист', [{ header: 'A', width: 10, value: (row: string) => row }]);
    expect(zipBacklog(sheet)).toEqual(expect.any(Number));
    sheet.commit();
    await workbook.commit();
  });
});
