import { hasPermission, type PermissionHolder } from './permissions.ts';

/**
 * How much of a lom card a user sees (product.md §3: "card fields are gated by the rules
 * base_lom_card_for_pc and extended_lom_card_for_pc for producer-center users").
 * A user holding either rule is a producer-center user: `base` sees the public picture of a
 * lom, `extended` adds the profile and the analytic tabs. Everyone else sees the whole card
 * (`full`), which alone includes the commercial cooperation status. The spec names the rules
 * but not their fields; this split is our reading (docs/loms.md "Card access").
 */
export type LomCardAccess = 'base' | 'extended' | 'full';

const ACCESS_RANK: Record<LomCardAccess, number> = { base: 0, extended: 1, full: 2 };

export function lomCardAccess(user: PermissionHolder): LomCardAccess {
  if (user.ui_permissions.includes('extended_lom_card_for_pc')) return 'extended';
  if (user.ui_permissions.includes('base_lom_card_for_pc')) return 'base';
  return 'full';
}

export function lomCardAllows(user: PermissionHolder, needed: LomCardAccess): boolean {
  return ACCESS_RANK[lomCardAccess(user)] >= ACCESS_RANK[needed];
}

/** The tabs of the lom card (product.md §2), in display order. */
export const LOM_CARD_TABS = [
  'publications',
  'quotes',
  'speech',
  'rubrics',
  'involvements',
  'groups',
  'audience',
  'dynamics',
  'brands',
  'quality_audience',
  'cooperation',
  'comments',
  'facts',
  'relations',
] as const;
export type LomCardTab = (typeof LOM_CARD_TABS)[number];

/** The least access that shows a tab; its server calls refuse (403) a user below it. */
export const LOM_CARD_TAB_ACCESS: Record<LomCardTab, LomCardAccess> = {
  publications: 'base',
  quotes: 'base',
  speech: 'base',
  dynamics: 'base',
  audience: 'base',
  rubrics: 'extended',
  involvements: 'extended',
  groups: 'extended',
  brands: 'extended',
  quality_audience: 'extended',
  comments: 'extended',
  facts: 'extended',
  relations: 'extended',
  cooperation: 'full',
};

export const LOM_CARD_TAB_LABELS: Record<LomCardTab, string> = {
  publications: 'Публикации',
  quotes: 'Цитаты',
  speech: 'Прямая речь',
  rubrics: 'Рубрики',
  involvements: 'Вовлечённость',
  groups: 'Группы в соцсетях',
  audience: 'Аудитория',
  dynamics: 'Динамика',
  brands: 'Топ-10 брендов',
  quality_audience: 'Качество аудитории',
  cooperation: 'Сотрудничество',
  comments: 'Комментарии',
  facts: 'Факты',
  relations: 'Граф связей',
};

export function lomCardTabsFor(user: PermissionHolder): LomCardTab[] {
  return LOM_CARD_TABS.filter((tab) => lomCardAllows(user, LOM_CARD_TAB_ACCESS[tab]));
}

/** Editing the card (PATCH loms/{id}/, avatar, sources) needs EDIT_LOM and the full card. */
export function canEditLomCard(user: PermissionHolder): boolean {
  return hasPermission(user, 'EDIT_LOM') && lomCardAccess(user) === 'full';
}
