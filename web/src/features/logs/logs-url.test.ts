import { describe, expect, it } from 'vitest';
import { hasLogFilters, logsFilterQuery, logsListQuery, logsUrlParams, parseLogsUrl } from './logs-url.ts';

describe('the /logs URL', () => {
  it('reads every filter and writes it back under the API names', () => {
    const text =
      'user_in=3,4&type_in=1&type_not_in=5&action_in=message.verify,theme.rename&message_in=10&theme_in=7&info_reason_in=9&lom_in=2&created_at_after=2026-03-01&created_at_before=2026-03-05&page=3';
    const state = parseLogsUrl(new URLSearchParams(text));
    expect(state).toMatchObject({
      user_in: [3, 4],
      type_in: [1],
      type_not_in: [5],
      action_in: ['message.verify', 'theme.rename'],
      message_in: [10],
      created_at_after: '2026-03-01',
      page: 3,
    });
    expect(parseLogsUrl(logsUrlParams(state))).toEqual(state);
    expect(logsListQuery(state)).toMatchObject({ page: 3, page_size: 25, user_in: '3,4', lom_in: '2' });
    expect(logsFilterQuery(state)).not.toHaveProperty('page');
  });

  it('drops what the API would refuse, leniently', () => {
    const state = parseLogsUrl(
      new URLSearchParams(
        'user_in=abc,-1,5&type_in=99,2&action_in=DROP,lom.update&created_at_after=вчера&page=0',
      ),
    );
    expect(state).toMatchObject({ user_in: [5], type_in: [2], action_in: ['lom.update'], page: 1 });
    expect(state.created_at_after).toBeUndefined();
  });

  it('leaves an unfiltered first page out of the URL', () => {
    const state = parseLogsUrl(new URLSearchParams());
    expect(logsUrlParams(state).toString()).toBe('');
    expect(hasLogFilters(state)).toBe(false);
  });
});
