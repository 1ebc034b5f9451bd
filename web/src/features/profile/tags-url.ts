/** The profile's «Теги» and «Личные теги» tabs keep their search and page in the URL. */
export const TAG_PAGE_SIZE = 25;

export const PROFILE_TABS = ['profile', 'tags', 'personal-tags'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export interface TagsUrlState {
  tab: ProfileTab;
  tagsSearch: string;
  tagsPage: number;
  personalSearch: string;
  personalPage: number;
}
export type TagsUrlPatch = Partial<TagsUrlState>;

function page(text: string | null): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

export function parseTagsUrl(params: URLSearchParams): TagsUrlState {
  const tab = params.get('tab');
  return {
    tab: (PROFILE_TABS as readonly string[]).includes(tab ?? '') ? (tab as ProfileTab) : 'profile',
    tagsSearch: params.get('tags_search')?.trim() ?? '',
    tagsPage: page(params.get('tags_page')),
    personalSearch: params.get('personal_tags_search')?.trim() ?? '',
    personalPage: page(params.get('personal_tags_page')),
  };
}

export function tagsUrlParams(state: TagsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'profile') params.set('tab', state.tab);
  if (state.tagsSearch) params.set('tags_search', state.tagsSearch);
  if (state.tagsPage > 1) params.set('tags_page', String(state.tagsPage));
  if (state.personalSearch) params.set('personal_tags_search', state.personalSearch);
  if (state.personalPage > 1) params.set('personal_tags_page', String(state.personalPage));
  return params;
}
