import type { CurrentUser, LomGroupItem, LomGroupMember } from '@monitoring/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { page } from '../../test/messages.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { LomGroupsDialog } from './LomGroupsDialog.tsx';

const LIST = 'GET /api/v1/mlg-reports/';
const FORM = '/api/v1/loms/new-loms/create_or_update_loms_group/';

function buildGroup(overrides: Partial<LomGroupItem> = {}): LomGroupItem {
  return {
    id: 5,
    title: 'Блогеры Поволжья',
    public: false,
    report_id: null,
    owner: { id: 7, username: 'ivanova' },
    last_processed: null,
    active: true,
    is_lomsource: false,
    mood: null,
    loms_count: 12,
    loms_sources_count: 0,
    created_at: '2025-05-20T09:30:00.000Z',
    can_edit: true,
    ...overrides,
  };
}

const member = (id: number, name: string): LomGroupMember => ({
  id,
  name,
  avatar: null,
  is_active: true,
  subscribers: 1500,
  via_sources: false,
});

const calls = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);
const param = (request: FakeRequest, name: string) => new URLSearchParams(request.search).get(name);

function renderDialog(selectedLomIds: number[] = [], user: CurrentUser = buildUser({ role: 2 })) {
  const onClose = vi.fn();
  renderWithUser(<LomGroupsDialog open onClose={onClose} selectedLomIds={selectedLomIds} />, { user });
  return { onClose };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row «${text}»`);
  return row;
}

describe('LomGroupsDialog', () => {
  it('lists the groups, an untitled one under its report number, and searches on the server', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: (request) =>
          json(
            200,
            param(request, 'search') === 'СМИ'
              ? page([], 1, 1, 0)
              : page(
                  [
                    buildGroup(),
                    buildGroup({
                      id: 6,
                      title: null,
                      report_id: 7_012_345,
                      public: true,
                      owner: { id: 9, username: 'petrov' },
                      can_edit: false,
                    }),
                  ],
                  1,
                  1,
                  2,
                ),
          ),
      },
    });
    renderDialog();
    expect(await screen.findByText('Блогеры Поволжья')).toBeTruthy();
    const untitled = rowOf('7012345');
    expect(within(untitled).getByText('Публичная')).toBeTruthy();
    expect(within(untitled).getByText('Владелец: petrov')).toBeTruthy();
    expect(within(untitled).queryByLabelText('Удалить: 7012345')).toBeNull();
    expect(within(rowOf('Блогеры Поволжья')).getByText('12')).toBeTruthy();
    const [first] = calls(requests, 'GET', '/api/v1/mlg-reports/');
    expect([param(first, 'page'), param(first, 'page_size')]).toEqual(['1', '10']);

    fireEvent.change(screen.getByLabelText('Поиск по названию или номеру отчёта'), {
      target: { value: 'СМИ' },
    });
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
    fireEvent.click(screen.getByText('Публичные'));
    await waitFor(() =>
      expect(calls(requests, 'GET', '/api/v1/mlg-reports/').at(-1)?.search).toContain('public=true'),
    );
  });

  it('creates a group of the selected loms as form data', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () => json(200, page([], 1, 1, 0)),
        [`POST ${FORM}`]: () => json(201, buildGroup({ id: 8, title: 'Новая' })),
      },
    });
    renderDialog([3, 4]);
    expect(await screen.findByText('Групп пока нет')).toBeTruthy();
    // An editor may not publish.
    expect((screen.getByLabelText('Публичная') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Название группы'), { target: { value: '  Новая ' } });
    fireEvent.click(screen.getByText('Создать (2)'));
    expect(await screen.findByText('Группа «Новая» создана')).toBeTruthy();
    const [post] = calls(requests, 'POST', FORM);
    expect(post.body).toBeInstanceOf(FormData);
    const form = post.body as FormData;
    expect([form.get('group_name'), form.get('public'), form.get('loms')]).toEqual(['Новая', 'false', '3,4']);
    // The list is asked again after the change.
    await waitFor(() => expect(calls(requests, 'GET', '/api/v1/mlg-reports/').length).toBeGreaterThan(1));
  });

  it('lets api_edit_public publish; without a selection asks to select loms', async () => {
    installFakeApi({ routes: { [LIST]: () => json(200, page([], 1, 1, 0)) } });
    renderDialog([], buildUser({ role: 1 }));
    expect(await screen.findByText(/Отметьте ЛОМ в таблице/)).toBeTruthy();
    expect((screen.getByText('Создать (0)').closest('button') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderDialog([1], buildUser({ role: 1 }));
    expect(((await screen.findAllByLabelText('Публичная'))[0] as HTMLInputElement).disabled).toBe(false);
  });

  it('adds the selected loms to a group, renames it and deletes it', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () => json(200, page([buildGroup()], 1, 1, 1)),
        'POST /api/v1/mlg-reports/5/loms/': () =>
          json(200, { changed: 1, group: buildGroup({ loms_count: 13 }) }),
        [`PATCH ${FORM}`]: () => json(200, buildGroup({ title: 'Поволжье' })),
        'DELETE /api/v1/mlg-reports/5/': () => new Response(null, { status: 204 }),
      },
    });
    renderDialog([3, 4]);
    await screen.findByText('Блогеры Поволжья');
    fireEvent.click(within(rowOf('Блогеры Поволжья')).getByText('Добавить выбранные (2)'));
    expect(await screen.findByText('Добавлено ЛОМ: 1')).toBeTruthy();
    expect(calls(requests, 'POST', '/api/v1/mlg-reports/5/loms/')[0].body).toEqual({ loms: [3, 4] });

    fireEvent.click(screen.getByLabelText('Изменить: Блогеры Поволжья'));
    const input = (await screen.findAllByLabelText('Название группы')).at(-1) as HTMLInputElement;
    expect(input.value).toBe('Блогеры Поволжья');
    fireEvent.change(input, { target: { value: 'Поволжье' } });
    fireEvent.click(screen.getByText('Сохранить'));
    expect(await screen.findByText('Группа сохранена')).toBeTruthy();
    const form = calls(requests, 'PATCH', FORM)[0].body as FormData;
    expect([form.get('group_id'), form.get('group_name'), form.get('public')]).toEqual([
      '5',
      'Поволжье',
      null,
    ]);

    fireEvent.click(screen.getByLabelText('Удалить: Блогеры Поволжья'));
    fireEvent.click(await screen.findByText('Удалить', { selector: 'button span' }));
    expect(await screen.findByText('Группа удалена')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/api/v1/mlg-reports/5/')).toHaveLength(1);
  });

  it('shows a group’s loms and removes one', async () => {
    const { requests } = installFakeApi({
      routes: {
        [LIST]: () => json(200, page([buildGroup()], 1, 1, 1)),
        'GET /api/v1/mlg-reports/5/loms/': () =>
          json(200, page([member(3, 'Анна Орлова'), member(4, 'Борис Ким')], 1, 1, 2)),
        'DELETE /api/v1/mlg-reports/5/loms/': () =>
          json(200, { changed: 1, group: buildGroup({ loms_count: 11 }) }),
      },
    });
    renderDialog();
    await screen.findByText('Блогеры Поволжья');
    const expand = rowOf('Блогеры Поволжья').querySelector('button.ant-table-row-expand-icon');
    if (!expand) throw new Error('no expand button');
    fireEvent.click(expand);
    expect(await screen.findByText('Анна Орлова')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Убрать: Борис Ким'));
    expect(await screen.findByText('Убрано ЛОМ: 1')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/api/v1/mlg-reports/5/loms/')[0].body).toEqual({ loms: [4] });
  });

  it('is read-only for a reader and says so when the list fails', async () => {
    installFakeApi({ routes: { [LIST]: () => errorResponse(500, 'Внутренняя ошибка сервера') } });
    renderDialog([1], buildUser({ role: 3 }));
    expect(await screen.findByText('Не удалось загрузить группы')).toBeTruthy();
    expect(screen.getByText(/Создавать и менять группы могут/)).toBeTruthy();
    expect(screen.queryByLabelText('Название группы')).toBeNull();
  });
});
