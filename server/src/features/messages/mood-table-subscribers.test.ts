import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loms } from '../../db/schema/index.ts';
import { subscribersOfBits } from '../../domain/aggregates/lom-subscribers-memo.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { moodTableSums } from './read-stats-service.ts';

// The mood tables from lom bitmaps sum the subscribers of each mood's loms from a per-process copy of the loms'
// subscribers (domain/aggregates/lom-subscribers-memo.ts). It must follow every change: a lom's subscribers, a new
// lom, a deleted lom.

let t: Kit;
const filter = {
  wrote_at_after: new Date('2025-04-30T21:00:00Z'),
  wrote_at_before: new Date('2025-05-31T21:00:00Z'),
  verified: true,
};

const subscribersOf = async (mood: number | null) => {
  const { sums, source } = await moodTableSums(t.database.db, filter);
  expect(source).toBe('mood_days');
  return sums.find((row) => row.mood === mood)?.subscribers ?? 0;
};

beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

describe('the subscribers of a mood table from lom bitmaps', () => {
  it('reads bits as varbit_send sends them: a 4-byte bit length, then bit i as bit 7 - i % 8 of byte i / 8', () => {
    // 12 bits, loms 1, 8 and 11 set: 0100 0000 1001 (then 4 padding bits).
    const sent = Uint8Array.from([0, 0, 0, 12, 0b0100_0000, 0b1001_0000]);
    const subscribers = Float64Array.from([5, 10, 20, 30, 40, 50, 60, 70, 100, 200, 300, 400]);
    expect(subscribersOfBits(sent, subscribers)).toBe(10 + 100 + 400);
    // Bits past the known loms count nothing.
    expect(subscribersOfBits(sent, subscribers.subarray(0, 9))).toBe(10 + 100);
  });

  it('follows a change of subscribers, a new lom and a deleted lom', async () => {
    const db = t.database.db;
    const first = await buildLom(db, { subscribers: 1_000 });
    const second = await buildLom(db, { subscribers: 20_000 });
    await buildMessage(db, { day: '2025-05-03', lomId: first.id, mood: 1, verified: true });
    await buildMessage(db, { day: '2025-05-04', lomId: second.id, mood: 1, verified: true });
    await buildMessage(db, { day: '2025-05-05', lomId: second.id, mood: 2, verified: true });
    expect(await subscribersOf(1)).toBe(21_000);
    expect(await subscribersOf(null)).toBe(21_000);

    await db.update(loms).set({ subscribers: 50_000 }).where(eq(loms.id, second.id));
    expect(await subscribersOf(1)).toBe(51_000);
    expect(await subscribersOf(2)).toBe(50_000);

    const third = await buildLom(db, { subscribers: 300 });
    await buildMessage(db, { day: '2025-05-06', lomId: third.id, mood: 2, verified: true });
    expect(await subscribersOf(2)).toBe(50_300);
    expect(await subscribersOf(null)).toBe(51_300);

    await db.delete(loms).where(eq(loms.id, first.id));
    expect(await subscribersOf(1)).toBe(50_000);
  });
});
