import type { Db } from '../../db/client.ts';
import { lomSubscriberRows } from './lom-subscribers-queries.ts';

/**
 * Every lom's subscribers by id, kept per process and database under the stamp they were read at: the loms'
 * subscriber version (`stat_versions` 'lom_subscribers', set by every statement that changes `loms.subscribers`
 * or deletes loms, migration 0008) and the largest lom id (a new lom has a larger id; its subscribers are read
 * with it). The mood tables from lom bitmaps sum the subscribers of each mood's loms here instead of testing
 * 20,000 bits per mood in SQL (docs/aggregates.md "Subscribers of a bitmap").
 */

/** The stamp a mood table's statement reads with its cells, in the same snapshot. */
export interface LomSubscribersStamp {
  version: number;
  top: number;
}

interface Kept {
  key: string;
  /** The copy being read or read: concurrent requests at a new stamp share one read. */
  subscribers: Promise<Float64Array>;
}

const kept = new WeakMap<Db, Kept>();

/** The subscribers by lom id (index = id) at the stamp; read once per stamp. A failed read is not kept. */
export function lomSubscribersAt(db: Db, stamp: LomSubscribersStamp): Promise<Float64Array> {
  const key = `${stamp.version}/${stamp.top}`;
  const have = kept.get(db);
  if (have?.key === key) return have.subscribers;
  const subscribers = lomSubscriberRows(db, stamp.top).then((rows) => {
    const byId = new Float64Array(stamp.top + 1);
    for (const row of rows) byId[row.id] = Number(row.subscribers ?? 0);
    return byId;
  });
  kept.set(db, { key, subscribers });
  subscribers.catch(() => {
    if (kept.get(db)?.subscribers === subscribers) kept.delete(db);
  });
  return subscribers;
}

/**
 * The sum of `subscribers` over the set bits of a varbit as `varbit_send` gives it: a 4-byte big-endian bit
 * length, then the bits, bit i (lom i) being bit 7 - i % 8 of byte i / 8.
 */
export function subscribersOfBits(sent: Uint8Array, subscribers: Float64Array): number {
  const view = new DataView(sent.buffer, sent.byteOffset, sent.byteLength);
  const length = Math.min(view.getUint32(0), subscribers.length);
  let total = 0;
  for (let byte = 0; byte * 8 < length; byte++) {
    const bits = sent[4 + byte];
    if (bits === 0) continue;
    for (let bit = 0; bit < 8; bit++) {
      if (bits & (0x80 >> bit)) total += subscribers[byte * 8 + bit] ?? 0;
    }
  }
  return total;
}
