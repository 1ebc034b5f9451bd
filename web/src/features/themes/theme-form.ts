import { type ThemeDetail, type ThemeUpdateBody, themeNameOrDefault } from '@monitoring/contracts';

/** The flags of the theme form, in order (PATCH themes/{id}/ fields). */
export const THEME_FLAG_FIELDS = [
  { field: 'active', label: 'Активна' },
  { field: 'archived', label: 'В архиве' },
  { field: 'approved', label: 'Одобрена' },
  { field: 'draft', label: 'Черновик' },
  { field: 'actual', label: 'Актуальна' },
  { field: 'service', label: 'Служебная' },
] as const;
export type ThemeFlagField = (typeof THEME_FLAG_FIELDS)[number]['field'];

export type ThemeFormValues = { name: string } & Record<ThemeFlagField, boolean>;

/** A new theme's flags: the table's defaults (server/src/db/schema/themes.ts). */
export const NEW_THEME_FLAGS: Record<ThemeFlagField, boolean> = {
  active: true,
  archived: false,
  approved: false,
  draft: false,
  actual: true,
  service: false,
};

const NEW_THEME: ThemeFormValues = { name: '', ...NEW_THEME_FLAGS };

export function themeFormValues(theme: ThemeDetail | null): ThemeFormValues {
  if (!theme) return { ...NEW_THEME };
  const values: ThemeFormValues = { ...NEW_THEME, name: theme.name };
  for (const { field } of THEME_FLAG_FIELDS) values[field] = theme[field];
  return values;
}

/**
 * What PATCH themes/{id}/ must send to turn `theme` into `values`: only the fields that
 * differ (an empty name is 'без имени', §5); null when nothing changed.
 */
export function themeUpdateFields(
  theme: Pick<ThemeDetail, 'name' | ThemeFlagField>,
  values: ThemeFormValues,
): ThemeUpdateBody | null {
  const fields: Record<string, string | boolean> = {};
  const name = themeNameOrDefault(values.name);
  if (name !== theme.name) fields.name = name;
  for (const { field } of THEME_FLAG_FIELDS) {
    if (Boolean(values[field]) !== theme[field]) fields[field] = Boolean(values[field]);
  }
  return Object.keys(fields).length > 0 ? (fields as ThemeUpdateBody) : null;
}
