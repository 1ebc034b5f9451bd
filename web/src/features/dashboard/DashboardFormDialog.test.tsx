import type { DailyDashboardItem } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FakeRequest, installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { DashboardFormDialog } from './DashboardFormDialog.tsx';

const PUT = 'PUT /api/v1/dashboard-configurations/4/';
const POST = 'POST /api/v1/dashboard-configurations/';
const SOURCES = 'GET /api/v2/sources/filter-list/';

/** Ant Design's modal and selects render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;

const stored: DailyDashboardItem = {
  id: 4,
  name: 'Регионы',
  shortName: 'Регионы',
  position: 1,
  types: [1],
  filters: { theme_or_rubrics_in: '3', lom_in: [5], mood_in: [2], verified: true },
  is_private: true,
  is_own: true,
  owner: { id: 1, name: 'Пользователь' },
};

const sources = () => json(200, { results: [{ id: 9, name: 'Telegram' }] });

/** Chooses `option` in the select labelled `label` (antd renders the list on mouse down). */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const found = await screen.findAllByText(option, {
    selector: '.ant-select-item-option-content, .ant-select-item-option-content *',
  });
  fireEvent.click(found.at(-1) as HTMLElement);
}

function submit() {
  fireEvent.submit(screen.getByLabelText('Название').closest('form') as HTMLFormElement);
}

async function sentBody(requests: FakeRequest[], route: string) {
  await waitFor(() => expect(requests.some((r) => `${r.method} ${r.path}` === route)).toBe(true));
  const sent = requests.filter((r) => `${r.method} ${r.path}` === route);
  expect(sent).toHaveLength(1);
  return sent[0].body as Record<string, unknown>;
}

function render(item: DailyDashboardItem | null, answer: (request: FakeRequest) => Response) {
  const user = buildUser();
  const api = installFakeApi({ user, routes: { [SOURCES]: sources, [PUT]: answer, [POST]: answer } });
  renderWithUser(<DashboardFormDialog open dashboard={item} onClose={() => {}} />, { user });
  return api;
}

const answered = (request: FakeRequest) => json(200, { ...stored, ...(request.body as object) });

describe('DashboardFormDialog', () => {
  it(
    'keeps the stored filter and sends a source and a mood chosen with it',
    async () => {
      const { requests } = render(stored, answered);
      expect(((await screen.findByLabelText('Только проверенные')) as HTMLInputElement).checked).toBe(true);
      await choose('Источники', 'Telegram');
      await choose('Тональность сообщений', 'Позитивное');
      submit();
      expect(await sentBody(requests, PUT)).toEqual({
        name: 'Регионы',
        shortName: 'Регионы',
        types: [1],
        filters: { theme_or_rubrics_in: '3', lom_in: [5], source_in: [9], mood_in: [2, 1], verified: true },
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'creates a dashboard with a mood and «Только проверенные», empty lists left out',
    async () => {
      const { requests } = render(null, answered);
      fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Негатив' } });
      fireEvent.change(screen.getByLabelText('Короткое название (вкладка)'), {
        target: { value: 'Негатив' },
      });
      await choose('Тональность сообщений', 'Негативное');
      fireEvent.click(screen.getByLabelText('Только проверенные'));
      submit();
      expect(await sentBody(requests, POST)).toEqual({
        name: 'Негатив',
        shortName: 'Негатив',
        types: [],
        filters: { theme_or_rubrics_in: '', mood_in: [2], verified: true },
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'shows a 400 naming a filter key at its field, and one naming nothing at the top',
    async () => {
      let answer = () =>
        errorResponse(
          400,
          'Некорректное значение поля «filters.mood_in»: неизвестная тональность',
          'filters.mood_in',
        );
      render(stored, () => answer());
      await screen.findByLabelText('Название');
      submit();
      const message = await screen.findByText(
        'Некорректное значение поля «filters.mood_in»: неизвестная тональность',
      );
      expect(
        message.closest('.ant-form-item')?.querySelector('[aria-label="Тональность сообщений"]'),
      ).toBeTruthy();
      answer = () => errorResponse(400, 'Слишком много дашбордов');
      submit();
      expect((await screen.findByRole('alert')).textContent).toContain('Слишком много дашбордов');
    },
    SLOW_TEST_MS,
  );
});
