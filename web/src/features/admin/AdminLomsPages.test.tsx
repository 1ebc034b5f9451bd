import {
  ADMIN_LOM_PATHS,
  ADMIN_LOM_SOURCE_PATHS,
  ADMIN_MLG_REPORT_PATHS,
  type AdminLomItem,
  type AdminLomSourceItem,
  type AdminMlgReportItem,
  apiPath,
} from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { AdminLomsPage } from './AdminLomsPage.tsx';
import { AdminMlgReportPage } from './AdminMlgReportPage.tsx';
import { AdminSourcesPage } from './AdminSourcesPage.tsx';

const envelope = <T,>(results: T[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

const source = (overrides: Partial<AdminLomSourceItem> = {}): AdminLomSourceItem => ({
  id: 7,
  url: 'https://t.me/anna_petrova',
  account_name: 'Анна Петрова',
  source: { id: 1, name: 'Telegram' },
  coverage: 1200,
  is_active: true,
  created_at: '2025-01-01T00:00:00.000Z',
  lom: null,
  probable_lom: { id: 3, name: 'Петрова Анна', is_active: true, score: 0.95, reason: 'handle' },
  ...overrides,
});

const lom = (id: number, name: string): AdminLomItem => ({
  id,
  name,
  nickname: null,
  is_active: true,
  archived: false,
  subscribers: 100,
  message_number: 5,
  messages_count: 5,
  quotes_count: 0,
  sources_count: 1,
  created_at: '2025-01-01T00:00:00.000Z',
});

const report = (id: number, reportId: number): AdminMlgReportItem => ({
  id,
  report_id: reportId,
  title: null,
  public: true,
  active: true,
  last_processed: null,
  created_at: '2025-01-01T00:00:00.000Z',
  loms_count: 2,
  loms_sources_count: 3,
});

const admin = buildUser({ role: 1 });

describe('AdminSourcesPage', () => {
  it('sends the URL filters, loads probable loms with a result message and confirms a candidate', async () => {
    const { requests } = installFakeApi({
      user: admin,
      routes: {
        [`GET ${ADMIN_LOM_SOURCE_PATHS.list}`]: () => json(200, envelope([source()])),
        [`POST ${ADMIN_LOM_SOURCE_PATHS.loadProbableLoms}`]: () =>
          json(200, { checked: 12, proposed: 7, threshold: 0.75 }),
        [`POST ${apiPath(ADMIN_LOM_SOURCE_PATHS.addLom, { id: 7 })}`]: () =>
          json(200, source({ lom: { id: 3, name: 'Петрова Анна', is_active: true }, probable_lom: null })),
      },
    });
    renderWithUser(<AdminSourcesPage />, { user: admin, path: '/admin-panel/sources?lom_isnull=true' });
    expect(await screen.findByText('https://t.me/anna_petrova')).toBeTruthy();
    const list = requests.find((r) => r.path === ADMIN_LOM_SOURCE_PATHS.list);
    expect(new URLSearchParams(list?.search).get('lom_isnull')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Загрузить вероятных ЛОМ' }));
    expect(await screen.findByText(/найдено вероятных ЛОМ: 7/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Привязать' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/add-lom/'))).toBe(true),
    );
    const bind = requests.find((r) => r.path.endsWith('/add-lom/'));
    expect(bind?.body).toEqual({ lom: 3 });
  });
});

describe('AdminLomsPage', () => {
  it('merges the selected loms into the row chosen, after a confirmation', async () => {
    const { requests } = installFakeApi({
      user: admin,
      routes: {
        [`GET ${ADMIN_LOM_PATHS.list}`]: () =>
          json(200, envelope([lom(1, 'Петров Иван'), lom(2, 'Петров Иван (дубль)')])),
        [`POST ${apiPath(ADMIN_LOM_PATHS.merge, { id: 1 })}`]: () =>
          json(200, { lom: lom(1, 'Петров Иван'), merged: [2], moved: { messages: 5, lom_sources: 1 } }),
      },
    });
    renderWithUser(<AdminLomsPage />, { user: admin, path: '/admin-panel/loms' });
    await screen.findByText('Петров Иван (дубль)');
    const rows = screen.getAllByRole('row');
    const duplicate = rows.find((row) => within(row).queryByText('Петров Иван (дубль)')) as HTMLElement;
    fireEvent.click(within(duplicate).getByRole('checkbox'));
    const main = rows.find((row) => within(row).queryByText('Петров Иван')) as HTMLElement;
    fireEvent.click(within(main).getByRole('button', { name: 'Объединить в этот' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/Объединить 1 ЛОМ в «Петров Иван»/).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Объединить' }));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/merge/'))).toBe(true));
    expect(requests.find((r) => r.path.endsWith('/merge/'))?.body).toEqual({ queryset: [2] });
    expect(await screen.findByText(/Перенесено сообщений: 5/)).toBeTruthy();
  });
});

describe('AdminMlgReportPage', () => {
  it('creates by number, loads one and mass deletes the selected after a confirmation', async () => {
    const { requests } = installFakeApi({
      user: admin,
      routes: {
        [`GET ${ADMIN_MLG_REPORT_PATHS.list}`]: () =>
          json(200, envelope([report(1, 48211), report(2, 48230)])),
        [`POST ${ADMIN_MLG_REPORT_PATHS.list}`]: () => json(201, report(3, 50000)),
        [`GET ${apiPath(ADMIN_MLG_REPORT_PATHS.load, { id: 1 })}`]: () =>
          json(200, {
            report: { ...report(1, 48211), last_processed: '2025-05-01T10:00:00.000Z' },
            sources: 3,
            unbound: 1,
          }),
        [`DELETE ${ADMIN_MLG_REPORT_PATHS.massDelete}`]: () => json(200, { deleted: 2 }),
      },
    });
    renderWithUser(<AdminMlgReportPage />, { user: admin, path: '/admin-panel/mlg-report' });
    await screen.findAllByText('48211');

    fireEvent.change(screen.getByLabelText('Номер отчёта'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить отчёт' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ report_id: 50000 });

    fireEvent.click(screen.getAllByRole('button', { name: 'Загрузить' })[0] as HTMLElement);
    expect(await screen.findByText(/Отчёт № 48211 загружен/)).toBeTruthy();

    for (const box of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    const removal = requests.find((r) => r.method === 'DELETE');
    expect(new URLSearchParams(removal?.search).get('report_id_in')).toBe('48211,48230');
  });
});
