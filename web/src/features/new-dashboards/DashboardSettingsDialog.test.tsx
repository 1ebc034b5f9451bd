import type { NewDashboardItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { DashboardSettingsDialog } from './DashboardSettingsDialog.tsx';

const PATCH = 'PATCH /api/v1/new-dashboards/7/';
const POST = 'POST /api/v1/new-dashboards/';
const GROUPS = 'GET /api/v1/mlg-reports/';

/** Ant Design's modal and selects render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;

const emptyList = () =>
  json(200, { results: [], page: 1, last_page: 1, elements_count: 0, next_pages_available: 0 });

function dashboard(filters: Record<string, unknown>): NewDashboardItem {
  return {
    id: 7,
    name: 'Негатив',
    filters,
    lom_groups: [{ id: 3, title: 'Губернаторы' }],
    is_dashboard: true,
    owner: { id: 1, username: 'admin' },
    period: { from: '2026-08-25', to: '2026-11-25', text: '25.08.2026 — 25.11.2026' },
    filters_text: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };
}

/** Chooses `option` in the select labelled `label` (antd renders the list on mouse down). */
function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = screen.getAllByText(option, {
    selector: '.ant-select-item-option-content, .ant-select-item-option-content *',
  });
  fireEvent.click(options.at(-1) as HTMLElement);
}

/** The body of the one write sent as `route`, once it is sent. */
async function sentBody(requests: FakeRequest[], route: string): Promise<Record<string, unknown>> {
  await waitFor(() => expect(requests.some((r) => `${r.method} ${r.path}` === route)).toBe(true));
  const sent = requests.filter((r) => `${r.method} ${r.path}` === route);
  expect(sent).toHaveLength(1);
  return sent[0].body as Record<string, unknown>;
}

function submit() {
  fireEvent.submit(screen.getByLabelText('Название').closest('form') as HTMLFormElement);
}

function render(item: NewDashboardItem | null, answer: (request: FakeRequest) => Response) {
  const user = buildUser();
  const api = installFakeApi({ user, routes: { [GROUPS]: emptyList, [PATCH]: answer, [POST]: answer } });
  renderWithUser(<DashboardSettingsDialog open dashboard={item} onClose={() => {}} />, { user });
  return api;
}

describe('DashboardSettingsDialog', () => {
  it(
    'shows the stored filter and sends the whole filter with a mood and a flag chosen in the panel',
    async () => {
      const { requests } = render(
        dashboard({ period: 'quarter', mood_in: '2,5', search: 'мост' }),
        (request) =>
          json(200, { ...dashboard(request.body as Record<string, unknown>), ...(request.body as object) }),
      );
      const panel = await screen.findByRole('region', { name: 'Фильтры' });
      expect((within(panel).getByLabelText('Поиск по тексту сообщений') as HTMLInputElement).value).toBe(
        'мост',
      );
      expect(within(panel).queryByLabelText('Сортировка')).toBeNull();
      choose('Тональность', 'Позитивное');
      choose('Проверено', 'Да');
      fireEvent.click(screen.getByRole('switch'));
      submit();
      expect(await sentBody(requests, PATCH)).toEqual({
        name: 'Негатив',
        lom_groups: [3],
        is_dashboard: false,
        filters: { period: 'quarter', mood_in: [2, 5, 1], search: 'мост', verified: true },
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'sends fixed dates instead of the relative period, which it disables',
    async () => {
      const { requests } = render(
        dashboard({ period: 'week', wrote_at_after: '2026-11-01', wrote_at_before: '2026-11-10' }),
        (request) => json(200, { ...dashboard({}), ...(request.body as object) }),
      );
      await screen.findByText('В фильтрах выбраны даты: дашборд считает за них');
      submit();
      expect((await sentBody(requests, PATCH)).filters).toEqual({
        wrote_at_after: '2026-11-01',
        wrote_at_before: '2026-11-10',
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a 400 naming a filter field under the filter panel, and one naming nothing at the top',
    async () => {
      let answer = () =>
        errorResponse(400, 'Некорректное значение поля «filters.theme_in»: не число', 'filters.theme_in');
      render(null, () => answer());
      fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Новый' } });
      submit();
      const message = await screen.findByText('Некорректное значение поля «filters.theme_in»: не число');
      expect(message.closest('.ant-form-item')?.querySelector('.filters-panel')).toBeTruthy();
      answer = () => errorResponse(400, 'Дашборд с таким названием уже есть');
      submit();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Дашборд с таким названием уже есть');
    },
    SLOW_TEST_MS,
  );
});
