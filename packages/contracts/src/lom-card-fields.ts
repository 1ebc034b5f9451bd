import { PRODUCER_DISPLAY_OVERRIDES } from './constants.ts';
import type { LomCardAccess } from './lom-card-access.ts';
import type { LomDetail } from './loms.ts';

/**
 * Which fields of GET loms/{id}/ each card access shows (product.md §3: "card fields are
 * gated by the rules base_lom_card_for_pc and extended_lom_card_for_pc"). Our reading,
 * docs/loms.md "Card access":
 *
 * - `base` sees what the lom table shows every lom reader (name, avatar, the foreign-agent
 *   mark, category, segment, region, types, accounts, metrics and indexes) plus the rest of
 *   the name, the city and the record's own flags;
 * - `extended` adds the person: birth date and age, residence, occupation, awards, agency,
 *   interests, lom_data, and the classification (typology, focuses, producer centers,
 *   thematic groups, listAnd);
 * - `full` adds the commercial cooperation status.
 *
 * A field not listed here is `base`. The foreign-agent mark stays visible to everyone even
 * though the thematic groups it comes from do not: the mark is public by law.
 */
export const LOM_CARD_FIELD_ACCESS = {
  age: 'extended',
  birth_date: 'extended',
  residence_address: 'extended',
  occupation: 'extended',
  typology: 'extended',
  lom_type_category: 'extended',
  producer_name: 'extended',
  awards: 'extended',
  agency: 'extended',
  lom_focuses: 'extended',
  producer_centers: 'extended',
  producer_center_types: 'extended',
  thematic_group_types: 'extended',
  list_and_types: 'extended',
  interests: 'extended',
  lom_data: 'extended',
  cooperation: 'full',
} as const satisfies Partial<Record<keyof LomDetail, Exclude<LomCardAccess, 'base'>>>;

export type GatedLomCardField = keyof typeof LOM_CARD_FIELD_ACCESS;
export const GATED_LOM_CARD_FIELDS = Object.keys(LOM_CARD_FIELD_ACCESS) as GatedLomCardField[];

const RANK: Record<LomCardAccess, number> = { base: 0, extended: 1, full: 2 };

/** Whether a card field is shown at this access. */
export function lomCardFieldVisible(field: keyof LomDetail, access: LomCardAccess): boolean {
  const needed: LomCardAccess =
    (LOM_CARD_FIELD_ACCESS as Partial<Record<string, LomCardAccess>>)[field] ?? 'base';
  return RANK[access] >= RANK[needed];
}

/** The value a hidden field takes: lists are empty, the rest null. */
function hiddenValue(value: unknown): unknown {
  return Array.isArray(value) ? [] : null;
}

/** The card as a caller with this access may see it; `card_access` says which. */
export function gateLomDetail(detail: Omit<LomDetail, 'card_access'>, access: LomCardAccess): LomDetail {
  const gated: Record<string, unknown> = { ...detail, card_access: access };
  for (const field of GATED_LOM_CARD_FIELDS) {
    if (!lomCardFieldVisible(field, access)) gated[field] = hiddenValue(gated[field]);
  }
  return gated as LomDetail;
}

/** product.md §9: some producer centers show a fixed lom count instead of the computed one. */
export function producerLomsCountShown(producerId: number, lomsCount: number): number {
  return PRODUCER_DISPLAY_OVERRIDES[producerId] ?? lomsCount;
}

/**
 * Full years between a birth date and a day (both YYYY-MM-DD): the age the card shows.
 * Null when either is not a date or the birth is after the day.
 */
export function ageOnDay(birthDate: string | null | undefined, day: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  const on = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!birth || !on) return null;
  const [by, bm, bd] = birth.slice(1).map(Number);
  const [y, m, d] = on.slice(1).map(Number);
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}
