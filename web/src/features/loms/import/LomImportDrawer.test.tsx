import { CLIENT_EXCEL_COLUMNS, type ClientExcelUpload, type CurrentUser } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../../test/fake-api.ts';
import { page } from '../../../test/messages.ts';
import { renderWithUser } from '../../../test/render-with-user.tsx';
import { buildUser } from '../../../test/users.ts';
import { LomImportDrawer } from './LomImportDrawer.tsx';

const HISTORY = 'GET /api/v1/client-excel/';
const UPLOAD = 'POST /api/v1/client-excel/';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function buildUpload(overrides: Partial<ClientExcelUpload> = {}): ClientExcelUpload {
  const id = overrides.id ?? 1;
  return {
    id,
    file_name: `loms-${id}.xlsx`,
    user: { id: 7, username: 'ivanova' },
    created_at: '2025-05-20T09:30:00.000Z',
    finished_at: '2025-05-20T09:30:02.000Z',
    status: 'done',
    force_create_lom: true,
    update_flag: false,
    rows_total: 3,
    loms_created: 1,
    loms_updated: 0,
    rows_matched: 1,
    errors_count: 1,
    reportFile: `Отчёт Медиалогии — loms-${id}.xlsx`,
    logsFile: `Журнал загрузки — loms-${id}.xlsx`,
    upload_report_id: 100 + id,
    ...overrides,
  };
}

const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);
const calls = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

function renderDrawer(user: CurrentUser = buildUser({ role: 2 })) {
  const onClose = vi.fn();
  renderWithUser(<LomImportDrawer open onClose={onClose} />, { user });
  return { onClose };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('.lom-import input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function chooseFile(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

const xlsxFile = (name = 'loms.xlsx', bytes = 'PK\u0003\u0004data') =>
  new File([bytes], name, { type: XLSX_TYPE });

// Role queries walk antd's whole table DOM and take seconds in jsdom; sections and buttons are found by their labels.
function section(label: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`section[aria-label="${label}"]`);
  if (!element) throw new Error(`no section «${label}»`);
  return element;
}

function historyTable() {
  return within(section('История загрузок'));
}

function button(label: string, root: HTMLElement = document.body): HTMLButtonElement {
  return within(root).getByLabelText(label) as HTMLButtonElement;
}

describe('LomImportDrawer', () => {
  beforeEach(() => {
    // jsdom has no object URLs; saveFile needs one to hand the file over.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('describes every column of the file and lists the upload history', async () => {
    const { requests } = installFakeApi({
      routes: {
        [HISTORY]: () =>
          json(
            200,
            page([buildUpload({ id: 2, user: { id: 9, username: 'petrov' } }), buildUpload()], 1, 1, 2),
          ),
      },
    });
    renderDrawer();
    expect(await screen.findByText('Импорт ЛОМ из Excel')).toBeTruthy();
    const rows = Array.from(section('Колонки файла').querySelectorAll('tbody tr')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
    );
    expect(rows).toEqual(
      CLIENT_EXCEL_COLUMNS.map((c) => [
        c.header,
        c.required ? 'да' : 'нет',
        c.hint,
        c.example === '' ? '—' : String(c.example),
      ]),
    );

    const history = historyTable();
    expect(await history.findByText('loms-2.xlsx')).toBeTruthy();
    const row = history.getByText('loms-1.xlsx').closest('tr');
    if (!row) throw new Error('no history row');
    expect(within(row).getByText('ivanova')).toBeTruthy();
    expect(within(row).getByText('Готово')).toBeTruthy();
    expect(within(row).getByText('20 мая 2025, 12:30')).toBeTruthy();
    expect(within(row).getByText('Параметры: создание')).toBeTruthy();
    const [first] = calls(requests, 'GET', '/api/v1/client-excel/');
    expect([param(first, 'page'), param(first, 'page_size')]).toEqual(['1', '10']);
  });

  it('shows an empty history', async () => {
    installFakeApi({ routes: { [HISTORY]: () => json(200, page([], 1, 1, 0)) } });
    renderDrawer();
    expect(await screen.findByText('Загрузок пока не было')).toBeTruthy();
  });

  it('says so when the history cannot be loaded', async () => {
    installFakeApi({ routes: { [HISTORY]: () => errorResponse(500, 'Внутренняя ошибка сервера') } });
    renderDrawer();
    expect(await screen.findByText('Не удалось загрузить историю загрузок')).toBeTruthy();
  });

  it('sends the file with the chosen options, waits, shows the result and reloads the history', async () => {
    let uploaded = false;
    let answer: (response: Response) => void = () => {};
    const { requests } = installFakeApi({
      routes: {
        [HISTORY]: () => json(200, page(uploaded ? [buildUpload({ id: 5 })] : [], 1, 1, uploaded ? 1 : 0)),
        [UPLOAD]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderDrawer();
    await screen.findByText('Загрузок пока не было');
    fireEvent.click(screen.getByLabelText('Создавать новых ЛОМ'));
    chooseFile(xlsxFile('loms-5.xlsx'));

    expect(await screen.findByText('Загружаем «loms-5.xlsx»…')).toBeTruthy();
    const [post] = calls(requests, 'POST', '/api/v1/client-excel/');
    expect([param(post, 'force_create_lom'), param(post, 'update_flag')]).toEqual(['true', 'false']);
    expect(post.body).toBeInstanceOf(FormData);
    const sent = (post.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('loms-5.xlsx');
    expect(post.headers.get('Authorization')).toBe('Token test-token');

    uploaded = true;
    answer(
      json(201, buildUpload({ id: 5, rows_total: 4, loms_created: 2, rows_matched: 1, errors_count: 1 })),
    );
    const summary = within(await screen.findByLabelText('Итог загрузки'));
    const count = (key: string) => summary.getByText((_, el) => el?.getAttribute('data-count') === key);
    expect(within(count('rows')).getByText('4')).toBeTruthy();
    expect(within(count('created')).getByText('2')).toBeTruthy();
    expect(within(count('updated')).getByText('0')).toBeTruthy();
    expect(within(count('matched')).getByText('1')).toBeTruthy();
    expect(within(count('errors')).getByText('1')).toBeTruthy();
    expect(screen.getByText('Файл «loms-5.xlsx» загружен')).toBeTruthy();
    expect(screen.queryByText('Загружаем «loms-5.xlsx»…')).toBeNull();
    // The history asks again and shows the new upload.
    expect(await historyTable().findByText('loms-5.xlsx')).toBeTruthy();
  });

  it('shows the server’s message verbatim when it refuses the file, and no result', async () => {
    const reason =
      'Неизвестная колонка «Телефон» в файле. Допустимые колонки: «Ссылка на аккаунт», «Площадка», «Имя»';
    installFakeApi({
      routes: {
        [HISTORY]: () => json(200, page([], 1, 1, 0)),
        [UPLOAD]: () => errorResponse(400, reason, 'file'),
      },
    });
    renderDrawer();
    await screen.findByText('Загрузок пока не было');
    chooseFile(xlsxFile());
    expect((await screen.findByTestId('lom-import-error')).textContent).toBe(reason);
    expect(screen.getByText('Файл не загружен')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Итог загрузки' })).toBeNull();
  });

  it('refuses a file that is not .xlsx, or is empty, without sending it', async () => {
    const { requests } = installFakeApi({ routes: { [HISTORY]: () => json(200, page([], 1, 1, 0)) } });
    renderDrawer();
    await screen.findByText('Загрузок пока не было');
    chooseFile(new File(['a;b'], 'loms.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('lom-import-error')).textContent).toBe(
      'Файл «loms.csv» не загружен: можно загрузить только книгу Excel в формате .xlsx',
    );
    chooseFile(new File([], 'empty.xlsx', { type: XLSX_TYPE }));
    expect((await screen.findByTestId('lom-import-error')).textContent).toBe(
      'Файл «empty.xlsx» не загружен: он пустой',
    );
    expect(calls(requests, 'POST', '/api/v1/client-excel/')).toHaveLength(0);
  });

  it('lets only an EDIT_LOM holder update found loms', async () => {
    installFakeApi({ routes: { [HISTORY]: () => json(200, page([], 1, 1, 0)) } });
    renderDrawer(buildUser({ role: 3, scope: ['CREATE_LOM'] }));
    const update = (await screen.findByLabelText('Обновлять найденных ЛОМ')) as HTMLInputElement;
    expect(update.disabled).toBe(true);
    expect(screen.getByText('Обновлять ЛОМ может только пользователь с правом изменения ЛОМ.')).toBeTruthy();
    expect((screen.getByLabelText('Создавать новых ЛОМ') as HTMLInputElement).disabled).toBe(false);
  });

  it('sends update_flag for an editor who ticks it', async () => {
    const { requests } = installFakeApi({
      routes: {
        [HISTORY]: () => json(200, page([], 1, 1, 0)),
        [UPLOAD]: () => json(201, buildUpload({ update_flag: true, force_create_lom: false })),
      },
    });
    renderDrawer();
    fireEvent.click(await screen.findByLabelText('Обновлять найденных ЛОМ'));
    chooseFile(xlsxFile());
    await screen.findByLabelText('Итог загрузки');
    const [post] = calls(requests, 'POST', '/api/v1/client-excel/');
    expect([param(post, 'force_create_lom'), param(post, 'update_flag')]).toEqual(['false', 'true']);
  });

  it('offers no upload to a reader without CREATE_LOM', async () => {
    installFakeApi({ routes: { [HISTORY]: () => json(200, page([], 1, 1, 0)) } });
    renderDrawer(buildUser({ role: 3, scope: ['EDIT_LOM'] }));
    expect(
      await screen.findByText('У вас нет права загружать ЛОМ; доступна только история загрузок.'),
    ).toBeTruthy();
    expect(document.querySelector('.lom-import input[type="file"]')).toBeNull();
  });

  it('downloads the template, the report and the log (xlsx and CSV)', async () => {
    const file = (name: string) => () =>
      new Response('PK', {
        status: 200,
        headers: {
          'Content-Type': XLSX_TYPE,
          'Content-Disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
      });
    const { requests } = installFakeApi({
      routes: {
        [HISTORY]: () => json(200, page([buildUpload({ id: 3 })], 1, 1, 1)),
        'GET /api/v1/client-excel/template/': file('Шаблон загрузки ЛОМ.xlsx'),
        'GET /api/v1/client-excel/3/medialogy_report/': file('Отчёт Медиалогии — loms-3.xlsx'),
        'GET /api/v1/client-excel/3/export-logs-report/': (request) =>
          file(`Журнал загрузки — loms-3.${param(request, 'file_format')}`)(),
      },
    });
    renderDrawer();
    const template = (await screen.findByText('Скачать шаблон')).closest('button');
    if (!template) throw new Error('no template button');
    fireEvent.click(template);
    expect(await screen.findByText('Файл скачан: Шаблон загрузки ЛОМ.xlsx')).toBeTruthy();

    // One download at a time: each button is free again once the one before has finished.
    const download = async (label: string, saved: string) => {
      const history = section('История загрузок');
      await waitFor(() => expect(button(label, history).disabled).toBe(false));
      fireEvent.click(button(label, history));
      expect(await screen.findByText(`Файл скачан: ${saved}`)).toBeTruthy();
    };
    await download('Отчёт по загрузке «loms-3.xlsx»', 'Отчёт Медиалогии — loms-3.xlsx');
    await download('Лог загрузки «loms-3.xlsx»', 'Журнал загрузки — loms-3.xlsx');
    await download('Лог загрузки «loms-3.xlsx» в CSV', 'Журнал загрузки — loms-3.csv');

    const logs = calls(requests, 'GET', '/api/v1/client-excel/3/export-logs-report/');
    expect(logs.map((r) => param(r, 'file_format'))).toEqual(['xlsx', 'csv']);
    expect(calls(requests, 'GET', '/api/v1/client-excel/3/medialogy_report/')).toHaveLength(1);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(4);
  });

  it('deletes an own upload after confirmation and reloads the history', async () => {
    let deleted = false;
    const { requests } = installFakeApi({
      routes: {
        [HISTORY]: () =>
          json(
            200,
            page(
              deleted
                ? [buildUpload({ id: 2, user: { id: 9, username: 'petrov' } })]
                : [buildUpload({ id: 1 }), buildUpload({ id: 2, user: { id: 9, username: 'petrov' } })],
              1,
              1,
              deleted ? 1 : 2,
            ),
          ),
        'DELETE /api/v1/upload_reports/101/': () => {
          deleted = true;
          return new Response(null, { status: 204 });
        },
      },
    });
    renderDrawer();
    const history = historyTable();
    // Another author's upload may not be deleted by an editor.
    const foreign = (await history.findByLabelText('Удалить загрузку «loms-2.xlsx»')) as HTMLButtonElement;
    expect(foreign.disabled).toBe(true);

    fireEvent.click(button('Удалить загрузку «loms-1.xlsx»'));
    const confirm = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!popup) throw new Error('no confirmation');
      return popup;
    });
    expect(within(confirm).getByText('Удалить загрузку?')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    const ok = within(confirm).getByText('Удалить').closest('button');
    if (!ok) throw new Error('no confirm button');
    fireEvent.click(ok);
    await waitFor(() => expect(history.queryByText('loms-1.xlsx')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/v1/upload_reports/101/',
    ]);
    expect(await screen.findByText('Загрузка удалена')).toBeTruthy();
  });

  it('lets a super editor delete anyone’s upload', async () => {
    installFakeApi({
      routes: {
        [HISTORY]: () =>
          json(200, page([buildUpload({ id: 2, user: { id: 9, username: 'petrov' } })], 1, 1, 1)),
      },
    });
    renderDrawer(buildUser({ role: 1 }));
    const remove = (await historyTable().findByLabelText(
      'Удалить загрузку «loms-2.xlsx»',
    )) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
  });

  it('pages the history', async () => {
    const { requests } = installFakeApi({
      routes: {
        [HISTORY]: (request) => {
          const n = Number(param(request, 'page'));
          return json(200, page([buildUpload({ id: n * 100 })], n, 2, 11));
        },
      },
    });
    renderDrawer();
    const history = historyTable();
    await history.findByText('loms-100.xlsx');
    fireEvent.click(history.getByTitle('2'));
    expect(await history.findByText('loms-200.xlsx')).toBeTruthy();
    expect(calls(requests, 'GET', '/api/v1/client-excel/').map((r) => param(r, 'page'))).toEqual(['1', '2']);
  });
});
