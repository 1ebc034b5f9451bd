import { type AlertFilters, alertFilters, emailList } from '@monitoring/contracts';

/**
 * What an alert or a digest watches, as its form holds it (docs/alerts.md "What an alert watches"): one of a
 * search (a query and/or filters), a theme, a personal theme or a lom group. The form keeps every field while the
 * user switches between them; the body sends the chosen one and null for the others, so an edit can switch.
 */
export const TARGET_KINDS = ['query', 'theme', 'personal_theme', 'lom_group'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** The filters an alert may add to its query (contracts alertFilters), each a list of ids. */
export const FILTER_KEYS = [
  'lom_in',
  'lom_group_in',
  'theme_in',
  'info_reason_in',
  'mood_in',
  'source_in',
  'message_type_in',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Partial<Record<FilterKey, number[]>>;

export interface TargetFormValues {
  target: TargetKind;
  query: string;
  filters: FilterValues;
  theme_id: number | null;
  personal_theme_id: number | null;
  lom_group_id: number | null;
}

/** The stored target of an alert or a digest. */
export interface StoredTarget {
  query: string | null;
  filters: Record<string, number[]>;
  theme_id: number | null;
  personal_theme_id: number | null;
  lom_group_id: number | null;
}

export const EMPTY_TARGET: TargetFormValues = {
  target: 'query',
  query: '',
  filters: {},
  theme_id: null,
  personal_theme_id: null,
  lom_group_id: null,
};

function targetKindOf(stored: StoredTarget): TargetKind {
  if (stored.theme_id !== null) return 'theme';
  if (stored.personal_theme_id !== null) return 'personal_theme';
  if (stored.lom_group_id !== null) return 'lom_group';
  return 'query';
}

/** The form's values of a stored target. */
export function targetFormValues(stored: StoredTarget | null): TargetFormValues {
  if (!stored) return { ...EMPTY_TARGET, filters: {} };
  const filters: FilterValues = {};
  for (const key of FILTER_KEYS) {
    const ids = stored.filters[key];
    if (ids?.length) filters[key] = [...ids];
  }
  return {
    target: targetKindOf(stored),
    query: stored.query ?? '',
    filters,
    theme_id: stored.theme_id,
    personal_theme_id: stored.personal_theme_id,
    lom_group_id: stored.lom_group_id,
  };
}

/** Only the filters that narrow something: an empty list is no filter. */
export function narrowingFilters(filters: FilterValues | undefined): FilterValues {
  const kept: FilterValues = {};
  for (const key of FILTER_KEYS) {
    const ids = filters?.[key];
    if (ids?.length) kept[key] = [...ids];
  }
  return kept;
}

export interface TargetBody {
  query: string | null;
  filters: AlertFilters | null;
  theme_id: number | null;
  personal_theme_id: number | null;
  lom_group_id: number | null;
}

/** The chosen target for the body; the others null. */
export function targetBody(values: TargetFormValues): TargetBody {
  const body: TargetBody = {
    query: null,
    filters: null,
    theme_id: null,
    personal_theme_id: null,
    lom_group_id: null,
  };
  switch (values.target) {
    case 'query': {
      const filters = narrowingFilters(values.filters);
      body.query = values.query.trim() || null;
      body.filters = Object.keys(filters).length ? alertFilters.parse(filters) : null;
      return body;
    }
    case 'theme':
      return { ...body, theme_id: values.theme_id };
    case 'personal_theme':
      return { ...body, personal_theme_id: values.personal_theme_id };
    case 'lom_group':
      return { ...body, lom_group_id: values.lom_group_id };
  }
}

/** Where the server's 400 about a target belongs in the form (`filters.lom_in.3` → the filters), or null. */
export function targetFieldOf(field: string): string | null {
  const [head] = field.split('.');
  if (head === 'query' || head === 'theme_id' || head === 'personal_theme_id' || head === 'lom_group_id')
    return head;
  if (head === 'filters') return 'filters';
  return null;
}

/** Addresses typed into a box: split at commas, semicolons, spaces and new lines, empty parts dropped. */
export function splitAddresses(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The contracts' check of a list of addresses, for a form: the Russian message (with the address), or null. */
export function addressesProblem(text: string | undefined): string | null {
  const addresses = splitAddresses(text);
  const parsed = emailList.safeParse(addresses);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const index = typeof issue?.path[0] === 'number' ? issue.path[0] : null;
  const address = index === null ? null : addresses[index];
  return address ? `${address}: ${issue?.message}` : (issue?.message ?? null);
}
