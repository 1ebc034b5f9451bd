import { type AudienceShares, coarseAgeShares } from '@monitoring/contracts';
import type { AudienceRow } from './queries.ts';

export function presentShares(row: AudienceRow): AudienceShares {
  return {
    female__sum: row.female_sum,
    male__sum: row.male_sum,
    a0_17: row.a0_17,
    a18_24: row.a18_24,
    a25_34: row.a25_34,
    a35_44: row.a35_44,
    a45_54: row.a45_54,
    amore_55: row.amore_55,
    ...coarseAgeShares(row),
    married: row.married,
    single: row.single,
    middle: row.middle,
    higher: row.higher,
    correlated_sum: row.correlated_sum,
    anti_correlated_sum: row.anti_correlated_sum,
    non_correlated_sum: row.non_correlated_sum,
  };
}
