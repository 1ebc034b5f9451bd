import type { AboutArticle } from '../article-types.ts';
import { DAILY_ARTICLE } from './daily.ts';
import { HOW_IT_WORKS_ARTICLE } from './how-it-works.ts';
import { INFO_REASONS_ARTICLE } from './info-reasons.ts';
import { MESSAGES_ARTICLE } from './messages.ts';
import { OTHER_ARTICLE } from './other.ts';
import { RUBRICS_ARTICLE } from './rubrics.ts';
import { SEARCH_ARTICLE } from './search.ts';
import { SOCIAL_PANEL_ARTICLE } from './social-panel.ts';
import { TONALITY_ARTICLE } from './tonality.ts';
import { VIRAL_CONTENT_ARTICLE } from './viral-content.ts';

/** The ten help pages in the order of the table of contents on /about. */
export const ABOUT_ARTICLES: readonly AboutArticle[] = [
  HOW_IT_WORKS_ARTICLE,
  DAILY_ARTICLE,
  INFO_REASONS_ARTICLE,
  MESSAGES_ARTICLE,
  SEARCH_ARTICLE,
  RUBRICS_ARTICLE,
  SOCIAL_PANEL_ARTICLE,
  TONALITY_ARTICLE,
  VIRAL_CONTENT_ARTICLE,
  OTHER_ARTICLE,
];
