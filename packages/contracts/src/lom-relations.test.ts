import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_PLAN_TARGETS,
  involvementGraphQuery,
  relationGraphPeriod,
  relationGraphQuery,
  vkGroupListQuery,
} from './lom-relations.ts';

describe('relationGraphPeriod', () => {
  it('moves the end back one day (product.md §4), across months and years', () => {
    expect(relationGraphPeriod('2025-06-01', '2025-06-30')).toEqual({
      after: '2025-06-01',
      before: '2025-06-29',
    });
    expect(relationGraphPeriod('2024-12-01', '2025-01-01')).toEqual({
      after: '2024-12-01',
      before: '2024-12-31',
    });
    expect(relationGraphPeriod('2024-02-01', '2024-03-01')).toEqual({
      after: '2024-02-01',
      before: '2024-02-29',
    });
  });

  it('never before the first day', () => {
    expect(relationGraphPeriod('2025-06-10', '2025-06-10')).toEqual({
      after: '2025-06-10',
      before: '2025-06-10',
    });
  });
});

describe('lom card relation queries', () => {
  it('VK groups default to 30 a page', () => {
    expect(vkGroupListQuery.parse({ lom: '5' })).toEqual({ lom: 5, page: 1, page_size: 30 });
  });

  it('the relation graph defaults to views and needs both ends of the period in order', () => {
    expect(relationGraphQuery.parse({ period_after: '2025-06-01', period_before: '2025-06-01' })).toEqual({
      agg_param: 'views',
      period_after: '2025-06-01',
      period_before: '2025-06-01',
    });
    const missing = relationGraphQuery.safeParse({ period_after: '2025-06-01' });
    expect(missing.error?.issues[0].path).toEqual(['period_before']);
    const reversed = relationGraphQuery.safeParse({
      period_after: '2025-06-02',
      period_before: '2025-06-01',
    });
    expect(reversed.error?.issues[0].path).toEqual(['period_before']);
  });

  it('involvement graphs refuse a day that does not exist', () => {
    const bad = involvementGraphQuery.safeParse({ lom_id: '1', period_after: '2025-02-29' });
    expect(bad.error?.issues[0].path).toEqual(['period_after']);
    expect(involvementGraphQuery.parse({ lom_id: '1', period_after: '2024-02-29' }).period_after).toBe(
      '2024-02-29',
    );
  });
});

describe('integration plan targets (product.md §9)', () => {
  it('holds the fixed facts and both plans of each chart', () => {
    expect(INTEGRATION_PLAN_TARGETS.map((c) => c.fact2025)).toEqual([52, 42, 26]);
    expect(INTEGRATION_PLAN_TARGETS.map((c) => c.plan2026)).toEqual([20, 50, 75]);
    expect(INTEGRATION_PLAN_TARGETS.map((c) => c.plan2030)).toEqual([50, 80, 95]);
  });
});
