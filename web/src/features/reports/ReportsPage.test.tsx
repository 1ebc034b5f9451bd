import type { GeneratedReportItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { ReportsPage } from './ReportsPage.tsx';

const download: GeneratedReportItem = {
  id: 4,
  name: 'Сообщения 01.03.2025–31.03.2025.xlsx',
  report_type: 'xlsx',
  status: 'done',
  size: null,
  author: { id: 2, username: 'editor' },
  dashboard_id: null,
  charts_count: 0,
  created_at: '2025-04-01T09:00:00.000Z',
  source: 'messages',
  filters: [
    { label: 'Период', value: '01 марта 2025 — 31 марта 2025' },
    { label: 'Тональность', value: 'Позитивное' },
  ],
  rows: 12,
  file_kept: false,
  repeat: {
    path: '/api/v1/messages/get-xlsx/',
    query: { wrote_at_after: '2025-03-01', wrote_at_before: '2025-03-31', mood_in: '1' },
  },
};

describe('/reports lists the files downloaded elsewhere', () => {
  it('shows where a download was made, its filter and author, and makes it again with the same query', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const { requests } = installFakeApi({
      user: buildUser({ role: 3 }),
      routes: {
        'GET /api/v1/reports/': () =>
          json(200, {
            results: [download],
            page: 1,
            last_page: 1,
            elements_count: 1,
            next_pages_available: 0,
          }),
        'GET /api/v1/messages/get-xlsx/': () =>
          new Response('xlsx', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="report.xlsx"' },
          }),
      },
    });
    renderWithUser(<ReportsPage />, { user: buildUser({ role: 3 }), path: '/reports' });

    const cell = await screen.findByText(download.name, {}, { timeout: 10_000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Сообщения')).toBeTruthy();
    expect(within(row).getByText('Excel')).toBeTruthy();
    expect(within(row).getByText('editor')).toBeTruthy();
    expect(row.textContent).toContain('Тональность: Позитивное');
    expect(within(row).queryByRole('button', { name: 'Скачать' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Скачать заново' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/messages/get-xlsx/')).toBe(true));
    const again = requests.find((r) => r.path === '/api/v1/messages/get-xlsx/');
    expect(Object.fromEntries(new URLSearchParams(again?.search))).toEqual(download.repeat?.query);
  });
});
