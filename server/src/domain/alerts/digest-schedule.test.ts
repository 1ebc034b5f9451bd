import { describe, expect, it } from 'vitest';
import { digestPeriodOf, nextDigestRunAt } from './digest-schedule.ts';

describe('digest schedule', () => {
  it('sends daily at the next Moscow time, today when it is still ahead', () => {
    // 05:00 UTC is 08:00 in Moscow: 09:00 Moscow is still ahead today.
    expect(
      nextDigestRunAt({ period: 'daily', weekday: null, time: '09:00' }, new Date('2026-11-29T05:00:00Z')),
    ).toEqual(new Date('2026-11-29T06:00:00Z'));
    // At 09:00 Moscow exactly the send is tomorrow's (strictly after).
    expect(
      nextDigestRunAt({ period: 'daily', weekday: null, time: '09:00' }, new Date('2026-11-29T06:00:00Z')),
    ).toEqual(new Date('2026-11-30T06:00:00Z'));
  });

  it('crosses the UTC date line the Moscow way', () => {
    // 22:30 UTC on the 28th is 01:30 on the 29th in Moscow: 00:15 Moscow is next on the 30th (21:15 UTC the 29th).
    expect(
      nextDigestRunAt({ period: 'daily', weekday: null, time: '00:15' }, new Date('2026-11-28T22:30:00Z')),
    ).toEqual(new Date('2026-11-29T21:15:00Z'));
  });

  it('sends weekly on its weekday', () => {
    // 29 November 2026 is a Sunday; the next Monday is 30 November.
    expect(
      nextDigestRunAt({ period: 'weekly', weekday: 1, time: '10:30' }, new Date('2026-11-29T12:00:00Z')),
    ).toEqual(new Date('2026-11-30T07:30:00Z'));
    // On Sunday itself, after the hour: a week later.
    expect(
      nextDigestRunAt({ period: 'weekly', weekday: 7, time: '10:00' }, new Date('2026-11-29T12:00:00Z')),
    ).toEqual(new Date('2026-12-06T07:00:00Z'));
  });

  it('covers the day or the week before the send', () => {
    const at = new Date('2026-11-30T06:00:00Z');
    expect(digestPeriodOf('daily', at)).toEqual({ start: new Date('2026-11-29T06:00:00Z'), end: at });
    expect(digestPeriodOf('weekly', at)).toEqual({ start: new Date('2026-11-23T06:00:00Z'), end: at });
  });
});
