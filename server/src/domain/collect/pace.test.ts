import { describe, expect, it } from 'vitest';
import { Pace } from './pace.ts';

// The collectors' pace (docs/collectors.md "Pace"), on a clock of the test's own.

function pacedClock() {
  let now = 1000;
  const waits: number[] = [];
  const pace = new Pace(
    100,
    () => now,
    async (ms) => {
      waits.push(ms);
      now += ms;
    },
  );
  return { pace, waits, advance: (ms: number) => (now += ms) };
}

describe('Pace', () => {
  it('lets the first batch go at once and spaces the next by the first one’s share of the second', async () => {
    const { pace, waits } = pacedClock();
    await pace.take(50);
    await pace.take(50);
    await pace.take(10);
    // 100 items a second: 50 items take half a second, so the second batch waits 500 ms, the third 500 ms more.
    expect(waits).toEqual([500, 500]);
  });

  it('does not bank idle time: a batch after a long pause goes at once, the next waits its share', async () => {
    const { pace, waits, advance } = pacedClock();
    await pace.take(20);
    advance(10_000);
    await pace.take(20);
    await pace.take(20);
    expect(waits).toEqual([200]);
  });

  it('queues batches taken at the same moment one after another', async () => {
    const waits: number[] = [];
    const pace = new Pace(
      100,
      () => 1000,
      async (ms) => {
        waits.push(ms);
      },
    );
    await Promise.all([pace.take(10), pace.take(10), pace.take(10)]);
    expect(waits).toEqual([100, 200]);
  });

  it('costs nothing for an empty batch and refuses a pace that is not positive', async () => {
    const { pace, waits } = pacedClock();
    await pace.take(0);
    await pace.take(0);
    expect(waits).toEqual([]);
    expect(() => new Pace(0)).toThrow();
  });
});
