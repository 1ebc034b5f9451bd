import type { LomDetail, LomUpdateBody } from '@monitoring/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The card fields as the edit and add forms hold them (names are the PATCH body's). */
export interface LomCardFormValues {
  birthDate: Dayjs | null;
  residence: string;
  awards: string;
  agency: string;
  typology: string;
  category: string;
  segment: string;
  interests: number[];
  producerCenters: number[];
  thematicGroups: number[];
  listAnd: number[];
}

export const CARD_TEXT_FIELDS = ['residence', 'awards', 'agency', 'typology', 'category', 'segment'] as const;
export const CARD_LINK_FIELDS = ['producerCenters', 'thematicGroups', 'listAnd', 'interests'] as const;
/** Every form field a 400 may name. */
export const CARD_FORM_FIELDS = new Set<string>(['birthDate', ...CARD_TEXT_FIELDS, ...CARD_LINK_FIELDS]);

export const EMPTY_CARD_FORM: LomCardFormValues = {
  birthDate: null,
  residence: '',
  awards: '',
  agency: '',
  typology: '',
  category: '',
  segment: '',
  interests: [],
  producerCenters: [],
  thematicGroups: [],
  listAnd: [],
};

const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

/** The form's starting values from the card. */
export function cardFormValues(lom: LomDetail): LomCardFormValues {
  return {
    birthDate: lom.birth_date ? dayjs(lom.birth_date, 'YYYY-MM-DD', true) : null,
    residence: lom.residence_address ?? '',
    awards: lom.awards ?? '',
    agency: lom.agency ?? '',
    typology: lom.typology ?? '',
    category: lom.category ?? '',
    segment: lom.segment ?? '',
    interests: ids(lom.interests),
    producerCenters: ids(lom.producer_centers),
    thematicGroups: ids(lom.thematic_group_types),
    listAnd: ids(lom.list_and_types),
  };
}

/**
 * The birth date as sent (YYYY-MM-DD): the calendar day picked, which the card reads as
 * a Moscow day (product.md §3); no time and no zone take part, so no day is lost.
 */
export function birthDateForApi(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? value.format('YYYY-MM-DD') : null;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const sorted = (list: readonly number[]) => [...list].sort((x, y) => x - y);
  const [x, y] = [sorted(a), sorted(b)];
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/**
 * The PATCH body of a form: every field, or with `initial` only those that differ from
 * it. Texts are trimmed; an emptied one is sent as '' (the server stores null).
 */
export function cardBody(values: LomCardFormValues, initial?: LomCardFormValues): LomUpdateBody {
  const body: LomUpdateBody = {};
  const birthDate = birthDateForApi(values.birthDate);
  if (!initial || birthDate !== birthDateForApi(initial.birthDate)) body.birthDate = birthDate;
  for (const field of CARD_TEXT_FIELDS) {
    const text = (values[field] ?? '').trim();
    if (!initial || text !== (initial[field] ?? '').trim()) body[field] = text;
  }
  for (const field of CARD_LINK_FIELDS) {
    const chosen = values[field] ?? [];
    if (!initial || !sameIds(chosen, initial[field])) body[field] = chosen;
  }
  return body;
}
