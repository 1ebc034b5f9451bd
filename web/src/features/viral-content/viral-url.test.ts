import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { parseViralUrl, viralPeriod, viralUrlParams } from './viral-url.ts';

describe('the viral content URL', () => {
  it('reads the nav link (period, stat=views) and falls back leniently', () => {
    const state = parseViralUrl(
      new URLSearchParams('wrote_at_after=2026-11-25&wrote_at_before=2026-11-26&stat=views'),
    );
    expect(state).toEqual({
      wrote_at_after: '2026-11-25',
      wrote_at_before: '2026-11-26',
      stat: 'views',
      page: 1,
    });
    expect(parseViralUrl(new URLSearchParams('stat=likes&page=-3&wrote_at_after=вчера'))).toEqual({
      wrote_at_after: undefined,
      wrote_at_before: undefined,
      stat: 'views',
      page: 1,
    });
    expect(parseViralUrl(new URLSearchParams('stat=reposts&page=3')).stat).toBe('reposts');
  });

  it('writes the stat always and the page past the first', () => {
    expect(viralUrlParams({ stat: 'si', page: 1 }).toString()).toBe('stat=si');
    expect(viralUrlParams({ wrote_at_after: '2026-11-01', stat: 'views', page: 2 }).toString()).toBe(
      'wrote_at_after=2026-11-01&stat=views&page=2',
    );
  });

  it('defaults to the last day and puts reversed ends in order', () => {
    const today = dayjs('2026-11-26');
    expect(viralPeriod({ stat: 'views', page: 1 }, today)).toEqual({
      after: '2026-11-25',
      before: '2026-11-26',
    });
    expect(
      viralPeriod(
        { wrote_at_after: '2026-11-20', wrote_at_before: '2026-11-10', stat: 'views', page: 1 },
        today,
      ),
    ).toEqual({ after: '2026-11-10', before: '2026-11-20' });
  });
});
