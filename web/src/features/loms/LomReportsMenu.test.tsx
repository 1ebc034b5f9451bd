import type { LomGroupItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { page } from '../../test/messages.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { LomReportsMenu } from './LomReportsMenu.tsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILTER = {
  ordering: '-total_si',
  wrote_at_after: '2025-06-01',
  wrote_at_before: '2025-06-30',
  search: 'Анна',
};

function xlsx(name: string): Response {
  // A string body: undici's Response does not read jsdom's Blob.
  return new Response('PK\u0003\u0004 sheet', {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="loms.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

const group: LomGroupItem = {
  id: 5,
  title: null,
  public: true,
  report_id: 7_012_345,
  owner: null,
  last_processed: null,
  active: true,
  is_lomsource: false,
  mood: null,
  loms_count: 40,
  loms_sources_count: 0,
  created_at: '2025-05-20T09:30:00.000Z',
  can_edit: false,
};

const calls = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

function renderMenu(selectedLomIds: number[] = []) {
  renderWithUser(<LomReportsMenu filterQuery={FILTER} selectedLomIds={selectedLomIds} />, {
    user: buildUser({ role: 2 }),
  });
}

async function choose(item: string) {
  fireEvent.click(screen.getByText('Отчёты'));
  fireEvent.click(await screen.findByText(item));
}

describe('LomReportsMenu', () => {
  beforeEach(() => {
    // jsdom has no object URLs; saveFile needs one to hand the file over.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
  });

  it('offers the chosen loms only when some are selected', async () => {
    installFakeApi();
    renderMenu();
    fireEvent.click(screen.getByText('Отчёты'));
    const item = (await screen.findByText('Excel по выбранным')).closest('li');
    expect(item?.getAttribute('aria-disabled')).toBe('true');
  });

  it('downloads the chosen loms with the list’s period and order', async () => {
    const { requests } = installFakeApi({
      routes: { 'POST /api/v1/loms/get_xlsx/': () => xlsx('ЛОМ 01.06.2025–30.06.2025.xlsx') },
    });
    renderMenu([3, 4]);
    await choose('Excel по выбранным (2)');
    expect(await screen.findByText('ЛОМ в отчёте: 2')).toBeTruthy();
    expect(screen.getByText('Метрики публикаций: 01 июня 2025 — 30 июня 2025')).toBeTruthy();
    fireEvent.click(screen.getByText('Скачать'));
    expect(await screen.findByText('Отчёт готов: ЛОМ 01.06.2025–30.06.2025.xlsx')).toBeTruthy();
    const [post] = calls(requests, 'POST', '/api/v1/loms/get_xlsx/');
    expect(post.body).toEqual({
      loms: [3, 4],
      wrote_at_after: '2025-06-01',
      wrote_at_before: '2025-06-30',
      ordering: '-total_si',
    });
    expect(post.headers.get('Authorization')).toBe('Token test-token');
    expect(URL.createObjectURL).toHaveBeenCalled();
  });

  it('downloads the list filter as it is', async () => {
    const { requests } = installFakeApi({
      routes: { 'GET /api/v1/loms/new-loms/filtered-lom-report/': () => xlsx('ЛОМ по фильтру.xlsx') },
    });
    renderMenu();
    await choose('Excel по фильтру');
    fireEvent.click(await screen.findByText('Скачать'));
    expect(await screen.findByText('Отчёт готов: ЛОМ по фильтру.xlsx')).toBeTruthy();
    const [get] = calls(requests, 'GET', '/api/v1/loms/new-loms/filtered-lom-report/');
    expect(Object.fromEntries(new URLSearchParams(get.search))).toEqual(FILTER);
  });

  it('downloads a group picked in the dialog', async () => {
    const { requests } = installFakeApi({
      routes: {
        'GET /api/v1/mlg-reports/': () => json(200, page([group], 1, 1, 1)),
        'POST /api/v1/loms/get_rep_from_mlg/': () => xlsx('ЛОМ группы «7012345».xlsx'),
      },
    });
    renderMenu();
    await choose('Excel по группе…');
    const download = (await screen.findByText('Скачать')).closest('button') as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    fireEvent.mouseDown(screen.getByLabelText('Выберите группу'));
    fireEvent.click(await screen.findByText('7012345', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByText('ЛОМ в группе: 40')).toBeTruthy();
    fireEvent.click(download);
    expect(await screen.findByText('Отчёт готов: ЛОМ группы «7012345».xlsx')).toBeTruthy();
    expect(calls(requests, 'POST', '/api/v1/loms/get_rep_from_mlg/')[0].body).toMatchObject({
      group_id: 5,
      wrote_at_after: '2025-06-01',
    });
  });

  it('shows the server’s reason when it refuses the report', async () => {
    const reason = 'Отчёт не может включать больше 10 000 ЛОМ, а их 12 000: уточните фильтры';
    installFakeApi({
      routes: {
        'GET /api/v1/loms/new-loms/filtered-lom-report/': () => errorResponse(400, reason, 'search'),
      },
    });
    renderMenu();
    await choose('Excel по фильтру');
    fireEvent.click(await screen.findByText('Скачать'));
    expect(await screen.findByText(reason)).toBeTruthy();
    await waitFor(() => expect(URL.createObjectURL).not.toHaveBeenCalled());
  });
});
