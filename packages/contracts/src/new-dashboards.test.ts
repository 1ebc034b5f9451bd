import { describe, expect, it } from 'vitest';
import { chartRequestBody, newDashboardCreateBody, newDashboardListQuery } from './new-dashboards.ts';

const firstPath = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0].path.join('.');

describe('new dashboard schemas', () => {
  it('keeps the filter as sent once the message filter accepts it', () => {
    const body = newDashboardCreateBody.parse({
      name: ' Март ',
      filters: { theme_in: '1,2', period: 'quarter' },
    });
    expect(body).toEqual({
      name: 'Март',
      filters: { theme_in: '1,2', period: 'quarter' },
      lom_groups: [],
      is_dashboard: true,
    });
  });

  it('names the offending field of a filter, a group list and the body', () => {
    expect(firstPath(newDashboardCreateBody.safeParse({ name: 'x', filters: { colour: 1 } }))).toBe(
      'filters.colour',
    );
    expect(firstPath(newDashboardCreateBody.safeParse({ name: 'x', filters: { mood_in: '9' } }))).toBe(
      'filters.mood_in',
    );
    expect(firstPath(newDashboardCreateBody.safeParse({ name: 'x', filters: [] }))).toBe('filters');
    expect(firstPath(newDashboardCreateBody.safeParse({ name: 'x', lom_groups: [1.5] }))).toBe(
      'lom_groups.0',
    );
    expect(firstPath(newDashboardCreateBody.safeParse({ name: 'x', is_dashboard: 1 }))).toBe('is_dashboard');
  });

  it('reads the chart body with defaults and pageSize as page_size', () => {
    expect(chartRequestBody.parse(undefined)).toEqual({ filters: {}, parameters: {} });
    expect(chartRequestBody.parse({ parameters: { step: 'week', mood_in: [1, 2] } }).parameters).toEqual({
      step: 'week',
      mood_in: [1, 2],
    });
    expect(firstPath(chartRequestBody.safeParse({ parameters: { step: 'year' } }))).toBe('parameters.step');
    expect(newDashboardListQuery.parse({ pageSize: '5' })).toEqual({ page: 1, page_size: 5 });
  });
});
