import { describe, expect, it } from 'vitest';
import {
  DAILY_DASHBOARD_CODENAMES,
  dailyDashboardCreateBody,
  dailyDashboardFlags,
  dailyDashboardMessageFilter,
} from './daily-dashboards.ts';
import type { Permission } from './permissions.ts';

const holding =
  (...held: Permission[]) =>
  (permission: Permission) =>
    held.includes(permission);

describe('dailyDashboardFlags', () => {
  it('private with the page or the codename; public with api_edit_public or the codename', () => {
    expect(dailyDashboardFlags(holding('SHOW_MAIN_PAGE'), [])).toEqual({ private: true, public: false });
    expect(dailyDashboardFlags(holding(), [DAILY_DASHBOARD_CODENAMES.private])).toEqual({
      private: true,
      public: false,
    });
    expect(dailyDashboardFlags(holding('SHOW_MAIN_PAGE'), [DAILY_DASHBOARD_CODENAMES.public])).toEqual({
      private: true,
      public: true,
    });
    expect(dailyDashboardFlags(holding('api_edit_public'), [])).toEqual({ private: false, public: true });
  });
});

describe('daily dashboard filters', () => {
  it('stores theme_or_rubrics_in stringified and reads it back as theme_in', () => {
    const body = dailyDashboardCreateBody.parse({
      name: ' Дороги ',
      shortName: 'Д',
      filters: { theme_or_rubrics_in: [5, 7, 5], mood_in: '1,2' },
    });
    expect(body.name).toBe('Дороги');
    expect(body.filters).toEqual({ theme_or_rubrics_in: '5,7', mood_in: [1, 2] });
    expect(dailyDashboardMessageFilter({ theme_or_rubrics_in: '5,7', mood_in: [1, 2] })).toEqual({
      theme_in: [5, 7],
      mood_in: [1, 2],
    });
    expect(dailyDashboardMessageFilter({ theme_or_rubrics_in: '' })).toEqual({});
  });

  it('refuses an unknown filter field by name', () => {
    const result = dailyDashboardCreateBody.safeParse({
      name: 'a',
      shortName: 'a',
      filters: { period: 'day' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['filters', 'period']);
  });
});
