import {
  AUDIENCE_LABELS,
  formatAge,
  NO_REGION_LABEL,
  OTHER_REGIONS_LABEL,
  percentShares,
  SOCIAL_PANEL_GEO_REGIONS,
  type SocialPanel,
  type SocialPanelist,
  type SocialPanelShare,
  type SocialPanelTopItem,
} from '@monitoring/contracts';
import type { PanelistRow, PanelRow, RegionCount, TopRow } from './queries.ts';

export function presentPanel(row: PanelRow): SocialPanel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' },
    panelists_count: row.panelists_count,
    loms_count: row.loms_count,
  };
}

/** Buckets with their counts → the same buckets with percents that sum to 100. */
export function presentShares(buckets: { key: string; label: string; count: number }[]): SocialPanelShare[] {
  const values = percentShares(buckets.map((b) => b.count));
  return buckets.map((b, i) => ({ key: b.key, label: b.label, count: b.count, value: values[i] }));
}

/** The largest regions, then one bar for the rest (and the panelists without a region). */
export function presentGeo(rows: RegionCount[]): SocialPanelShare[] {
  const named = rows.filter((r) => r.id !== null);
  const shown = named.slice(0, SOCIAL_PANEL_GEO_REGIONS);
  const rest = rows.reduce((sum, r) => sum + r.count, 0) - shown.reduce((sum, r) => sum + r.count, 0);
  const buckets = shown.map((r) => ({ key: String(r.id), label: r.name ?? NO_REGION_LABEL, count: r.count }));
  if (rest > 0) {
    const label = named.length > shown.length ? OTHER_REGIONS_LABEL : NO_REGION_LABEL;
    buckets.push({ key: 'other', label, count: rest });
  }
  return presentShares(buckets);
}

export function presentTop(rows: TopRow[], total: number): SocialPanelTopItem[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    count: r.count,
    value: total === 0 ? 0 : Math.round((r.count * 10_000) / total) / 100,
  }));
}

export function presentPanelist(row: PanelistRow): SocialPanelist {
  return {
    id: row.id,
    gender: row.gender === 1 ? AUDIENCE_LABELS.female__sum : AUDIENCE_LABELS.male__sum,
    age: row.age,
    age_label: formatAge(row.age),
    family_status: row.married ? AUDIENCE_LABELS.married : AUDIENCE_LABELS.single,
    education: row.education === 2 ? AUDIENCE_LABELS.higher : AUDIENCE_LABELS.middle,
    region: row.region,
    loms_count: row.loms_count,
  };
}
