/** The tabs of the theme card, in order; the first is the default (no `tab` in the URL). */
export const THEME_CARD_TABS = ['info-reasons', 'messages', 'stats', 'relations'] as const;
export type ThemeCardTab = (typeof THEME_CARD_TABS)[number];

export function themeCardTab(value: string | null): ThemeCardTab {
  return (THEME_CARD_TABS as readonly string[]).includes(value ?? '')
    ? (value as ThemeCardTab)
    : 'info-reasons';
}

/** The message feed filtered by the theme and the period (product.md §2 link filters). */
export function themeMessagesLink(themeId: number, period: { after?: string; before?: string }): string {
  const params = new URLSearchParams({ theme_in: String(themeId) });
  if (period.after) params.set('wrote_at_after', period.after);
  if (period.before) params.set('wrote_at_before', period.before);
  return `/messages?${params}`;
}
