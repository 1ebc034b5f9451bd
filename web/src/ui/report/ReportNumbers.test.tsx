import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReportStatsQuery } from '../../api/report-tables.ts';
import { ReportNumbers } from './ReportNumbers.tsx';

const stats = {
  data: { all: 8372, with_themes: 6760, total_si: 8760, total_views: 9_580_000, no_messages: false },
  isError: false,
  isFetching: false,
} as unknown as ReportStatsQuery;

describe('ReportNumbers', () => {
  it('prints every number the Russian way, «С темами» too', () => {
    const { container } = render(
      <MemoryRouter>
        <ReportNumbers stats={stats} filter={{}} noMessages="Нет сообщений" withThemes />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('report-message-count').textContent).toBe('8\u00a0372');
    const values = [...container.querySelectorAll('.ant-statistic-content')].map((n) => n.textContent);
    expect(values).toEqual(['8\u00a0372', '6\u00a0760', '8,76 тыс.', '9,58 млн']);
  });
});
