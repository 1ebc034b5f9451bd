import type { ThemeListItem } from '@monitoring/contracts';
import { fillMoodTable } from '@monitoring/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completenessMark } from '../../lib/info-reason-view.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { ThemeTable } from './ThemeTable.tsx';
import { formatMedian, formatPercentage } from './theme-columns.ts';

const row: ThemeListItem = {
  id: 3,
  name: 'Транспорт',
  created_at: '2026-11-01T10:00:00.000Z',
  active: true,
  archived: false,
  approved: true,
  draft: false,
  created_by_ai: false,
  hidden: false,
  is_favorite: true,
  has_info_reasons: true,
  subscribers: 1500,
  total_si: 42.5,
  lom_count: 4,
  total_views: 9000,
  message_number: 20,
  approved_message_number: 11,
  mood_table: fillMoodTable({ 1: { message_count: 5 }, 2: { message_count: 2 } }),
  initial_lom: { id: 8, name: 'Иван Петров' },
  trash: { median: null, percentage: 0 },
  moods: { median: 12.25, percentage: 55 },
  not_trash: { median: 3, percentage: 100 },
};

describe('the themes table columns', () => {
  it("shows 'Не имеет' for a missing median", () => {
    expect(formatMedian({ median: null, percentage: 0 })).toBe('Не имеет');
    expect(formatMedian({ median: 12.25, percentage: 55 })).toBe('12,3');
    expect(formatPercentage({ median: null, percentage: 12.5 })).toBe('12,5 %');
  });

  it('renders a row with its links, star, mood bar and group medians', () => {
    renderWithUser(
      <ThemeTable
        data={{ results: [row], page: 1, last_page: 1, elements_count: 1, next_pages_available: 0 }}
        loading={false}
        ordering="-total_si,-is_favorite"
        page={1}
        onOrdering={() => {}}
        onPage={() => {}}
        selected={[]}
        onSelect={() => {}}
        emptyText="Нет тем"
      />,
      { user: buildUser({ role: 1 }) },
    );
    expect(screen.getByRole('link', { name: 'Транспорт' }).getAttribute('href')).toBe('/theme/3');
    expect(screen.getByRole('link', { name: 'Иван Петров' }).getAttribute('href')).toBe('/loms/8');
    expect(screen.getByRole('button', { name: 'Убрать из избранного: Транспорт' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Тональность сообщений темы Транспорт' })).toBeTruthy();
    const cells = screen.getAllByRole('row')[1];
    expect(within(cells).getByText('Не имеет')).toBeTruthy();
    expect(within(cells).getByText('12,3')).toBeTruthy();
  });

  it('hides the star from a user who may not mark favourites', () => {
    renderWithUser(
      <ThemeTable
        data={{ results: [row], page: 1, last_page: 1, elements_count: 1, next_pages_available: 0 }}
        loading={false}
        ordering="-total_si,-is_favorite"
        page={1}
        onOrdering={() => {}}
        onPage={() => {}}
        selected={[]}
        onSelect={null}
        emptyText="Нет тем"
      />,
      { user: buildUser({ role: 3, scope: ['THEMES'] }) },
    );
    expect(screen.queryByRole('button', { name: /избранн/ })).toBeNull();
  });
});

describe('completeness marks', () => {
  it('shows ✓, ✗ and — for met, missed and no target', () => {
    expect(completenessMark(true).symbol).toBe('✓');
    expect(completenessMark(false).symbol).toBe('✗');
    expect(completenessMark(null).symbol).toBe('—');
  });
});
