import type { MessageFilterParams } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import {
  MESSAGE_TABS,
  type MessagesPageState,
  readMessagesUrl,
  tabFilter,
  writeMessagesUrl,
} from './filter-url.ts';

const roundTrip = (state: MessagesPageState) => readMessagesUrl(new URLSearchParams(writeMessagesUrl(state)));

describe('messages filter in the URL', () => {
  it('round-trips every kind of filter value', () => {
    const filter: MessageFilterParams = {
      wrote_at_after: '2025-04-20',
      wrote_at_before: '2025-05-20',
      lom_in: [5, 7],
      theme_in: [3],
      info_reason_in: [11, 12],
      rubric_in: [2],
      region_in: [77],
      message_type_in: [0, 1, 8, 101, 102],
      state_in: [2],
      mood_in: [3, 5],
      archived: false,
      delayed: true,
      trash: false,
      verified: true,
      search: 'парк, «Горького»',
      ordering: '-si',
    };
    const state: MessagesPageState = { filter, tab: MESSAGE_TABS.stats, stat: 'si' };
    expect(roundTrip(state)).toEqual(state);
  });

  it('writes arrays comma-joined and leaves defaults and empty values out', () => {
    const query = writeMessagesUrl({
      filter: { lom_in: [1, 2], theme_in: [], search: undefined, archived: false },
      tab: MESSAGE_TABS.all,
      stat: 'views',
    });
    expect(query).toBe('lom_in=1,2&archived=false');
  });

  it('reads the nav link of an editor, message__ aliases and ignores junk', () => {
    const params = new URLSearchParams(
      'message__wrote_at_after=2025-01-01&state_in=2,x,9&archived=false&verified=maybe&tab=7&stat=likes&mood_in=3,4',
    );
    expect(readMessagesUrl(params)).toEqual({
      filter: { wrote_at_after: '2025-01-01', state_in: [2], archived: false, mood_in: [3, 4] },
      tab: MESSAGE_TABS.all,
      stat: 'views',
    });
  });

  it('adds the condition of its tab to the filter', () => {
    expect(tabFilter(MESSAGE_TABS.verified, { verified: false, lom_in: [1] })).toEqual({
      verified: true,
      lom_in: [1],
    });
    expect(tabFilter(MESSAGE_TABS.zefir, {})).toEqual({ from_zephyr: true });
    expect(tabFilter(MESSAGE_TABS.all, { trash: true })).toEqual({ trash: true });
  });
});
