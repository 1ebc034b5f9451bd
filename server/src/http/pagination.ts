import { type ListEnvelope, pageInfo } from '@monitoring/contracts';

/**
 * Builds the list envelope from rows that carry `total` (`count(*) over ()`),
 * so counting and paging take one round trip.
 */
export function envelope<Row extends { total: number | string }, Out>(
  rows: Row[],
  page: number,
  pageSize: number,
  present: (row: Row) => Out,
  totalWhenEmpty = 0,
): ListEnvelope<Out> {
  const total = rows.length > 0 ? Number(rows[0].total) : totalWhenEmpty;
  return { results: rows.map(present), ...pageInfo(page, pageSize, total) };
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
