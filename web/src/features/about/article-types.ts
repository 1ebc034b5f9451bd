import type { QueryParams, RouteName } from '@monitoring/contracts';

/** The ten help pages (contracts ROUTES `about-*`). */
export type AboutRouteName =
  | 'about-how-it-works'
  | 'about-daily'
  | 'about-inforeasons'
  | 'about-messages'
  | 'about-rubrics'
  | 'about-search'
  | 'about-social-panel'
  | 'about-tonality'
  | 'about-viral-content'
  | 'about-other';

/** A router link to a screen of the product. */
export interface ScreenLink {
  route: RouteName;
  label: string;
  /** Query of the link (a filter the screen reads from its URL). */
  query?: QueryParams;
}

/**
 * One block of an article. The texts are data so that a rule changed in the
 * code is changed here in one place (docs/help-pages.md).
 */
/** A cell of a table block: text, or queries and the like shown as code. */
export type AboutCell = string | { code: readonly string[] };

export type AboutBlock =
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: readonly string[] }
  /** A formula, one line a row, shown in a monospace block. */
  | { kind: 'formula'; lines: readonly string[] }
  /** A worked example: a few lines, shown in a frame titled «Пример». */
  | { kind: 'example'; title?: string; lines: readonly string[] }
  /** A table of terms: a name and what it means. */
  | { kind: 'terms'; items: readonly { term: string; meaning: string }[] }
  | { kind: 'links'; links: readonly ScreenLink[] }
  /** A table with a caption and column headings. */
  | { kind: 'table'; caption: string; columns: readonly string[]; rows: readonly (readonly AboutCell[])[] }
  /** The six moods with their ids, labels, sides and colours, drawn from contracts moods.ts. */
  | { kind: 'mood-legend' }
  /** A note for what the specification defines but the screen may show differently. */
  | { kind: 'note'; text: string };

export interface AboutSection {
  heading: string;
  blocks: readonly AboutBlock[];
}

export interface AboutArticle {
  route: AboutRouteName;
  /** One sentence for the table of contents of /about. */
  summary: string;
  /** The screens the page explains: shown under the heading and required by the tests. */
  screens: readonly ScreenLink[];
  sections: readonly AboutSection[];
}
