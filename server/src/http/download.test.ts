import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download.ts';

describe('contentDisposition', () => {
  it('sends an ASCII fallback and the Russian name as RFC 5987', () => {
    expect(contentDisposition('Отчёт (май).xlsx', 'report.xlsx')).toBe(
      `attachment; filename="report.xlsx"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%28%D0%BC%D0%B0%D0%B9%29.xlsx`,
    );
    expect(contentDisposition('a.xlsx', 'о"тчёт.xlsx')).toContain('filename="______.xlsx"');
  });
});
