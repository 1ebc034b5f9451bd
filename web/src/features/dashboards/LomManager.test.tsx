import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { LomManager } from './LomManager.tsx';

/** Ant Design's tables render slowly on a busy machine. */
const SLOW_TEST_MS = 60_000;
const BASE = '/api/v2/dashboard/personal/3/';

const envelope = (results: unknown[]) => ({
  results,
  page: 1,
  last_page: 1,
  elements_count: results.length,
  next_pages_available: 0,
});

const lom = (id: number, name: string, tonality: number | null) => ({
  id,
  name,
  avatar: null,
  subscribers: 10,
  message_count: 1,
  total_si: 5,
  total_views: 7,
  moods: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 },
  dominant_mood: 1,
  tonality,
});

const COUNT = { positive: 1, negative: 0, neutral: 0, total: 1 };

describe('LomManager', () => {
  it(
    'puts the selected loms into a list and takes one out',
    async () => {
      const user = buildUser({ role: 4 });
      const { requests } = installFakeApi({
        user,
        routes: {
          [`GET ${BASE}constant-lom-count/`]: () => json(200, COUNT),
          [`GET ${BASE}loms/`]: () => json(200, envelope([lom(5, 'Анна', 1), lom(6, 'Глеб', null)])),
          [`POST ${BASE}add-loms-arr/`]: () => json(200, { ...COUNT, negative: 2, total: 3 }),
          [`DELETE ${BASE}remove-loms-arr/`]: () => json(200, { ...COUNT, positive: 0, total: 0 }),
        },
      });
      renderWithUser(<LomManager dashboard={{ kind: 'personal', id: 3 }} canEdit />, {
        user,
        path: '/dashboards/personalTheme/3/loms',
      });
      await screen.findByText('Глеб');
      expect(screen.getByText('Позитивные (1)')).toBeTruthy();
      // Only a lom in a list can be taken out.
      expect(screen.getByLabelText('Убрать Анна из списков')).toBeTruthy();
      expect(screen.queryByLabelText('Убрать Глеб из списков')).toBeNull();

      const boxes = document.querySelectorAll<HTMLInputElement>('tbody .ant-checkbox-input');
      fireEvent.click(boxes[0]);
      fireEvent.click(boxes[1]);
      fireEvent.click(await screen.findByText('В негативные'));
      await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ loms: [5, 6], tonality: 2 });

      fireEvent.click(screen.getByLabelText('Убрать Анна из списков'));
      fireEvent.click(await screen.findByText('Убрать'));
      await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
      expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ loms: [5] });
    },
    SLOW_TEST_MS,
  );

  it(
    'is read only without the right: no add, copy, selection or removal',
    async () => {
      const user = buildUser({ role: 4 });
      installFakeApi({
        user,
        routes: {
          [`GET ${BASE}constant-lom-count/`]: () => json(200, COUNT),
          [`GET ${BASE}loms/`]: () => json(200, envelope([lom(5, 'Анна', 1)])),
        },
      });
      renderWithUser(<LomManager dashboard={{ kind: 'personal', id: 3 }} canEdit={false} />, { user });
      await screen.findByText('Анна');
      expect(screen.getByText('Позитивные')).toBeTruthy();
      expect(screen.queryByText('Добавить ЛОМ')).toBeNull();
      expect(screen.queryByText('Скопировать из другой темы')).toBeNull();
      expect(screen.queryByLabelText('Убрать Анна из списков')).toBeNull();
      expect(document.querySelectorAll('tbody .ant-checkbox-input')).toHaveLength(0);
    },
    SLOW_TEST_MS,
  );
});
