import type { MessageFlagCall } from './message-edits.ts';

/**
 * Paths of the message, fragment, quote and comment calls (api.md §7.7, §7.8, §7.10) and of the
 * reports made from them, as the server serves them (server/src/features/{messages,fragments,
 * quotes,reports}). The spec leaves some versions open or names a call on several; the first
 * object of each group holds the spelling the client uses, the `*_V1_PATHS`/`*_V2_PATHS` ones
 * the other spellings the server serves too. POST messages/save_personal_theme/ is
 * PERSONAL_THEME_PATHS.create (personal-themes.ts).
 */

export const MESSAGE_PATHS = {
  /** GET the list by filter (§7.8). */
  list: '/api/v3/messages/',
  paginationCount: '/api/v3/messages/pagination_count/',
  /** GET the whole message (the editor's card). */
  detail: '/api/v3/messages/:id/',
  /** POST: a message made by hand. */
  create: '/api/v1/messages/',
  moodTable: '/api/v2/messages/mood-table/',
  lomStat: '/api/v2/messages/lom-stat/',
  comments: '/api/v2/messages/comment/',
  commentsCount: '/api/v2/messages/comment/pagination_count/',
  oneComment: '/api/v2/messages/one_comment_by_message/',
  /** POST: the super editor approves messages. */
  approve: '/api/v3/messages/messages-verify/',
  /** PATCH: the same fields on several messages. */
  fields: '/api/v3/messages/fields/',
  /** PATCH: fields of the fragments of several messages (422 on a conflict). */
  fragmentFields: '/api/v3/messages/fragment_fields/',
  /** PATCH: fields of every message of a filter, in one transaction. */
  massUpdateByFilter: '/api/v1/messages/filtered-message-mass-update/',
  /** PATCH adds rubrics, DELETE removes them. */
  rubrics: '/api/v3/messages/:id/rubrics/',
  /** PATCH: the caller's own personal tags of a message. */
  personalTags: '/api/v3/messages/:id/personal_tags/',
  /** DELETE one of the caller's personal tags (spelled with a hyphen, as the spec does). */
  personalTag: '/api/v3/messages/:id/personal-tags/:tagId/',
  convertFromAi: '/api/v1/messages/:id/convert-from-ai/',
  quote: '/api/v1/messages/:id/quote/',
  fragment: '/api/v1/messages/:id/fragment/',
  /** POST adds a theme, DELETE removes themes. */
  theme: '/api/v1/messages/:id/theme/',
  /** POST sets the info reason. */
  infoReason: '/api/v1/messages/:id/info-reason/',
  /** DELETE removes the info reason: spelled with an underscore, as the spec does. */
  infoReasonDelete: '/api/v1/messages/:id/info_reason/',
  /** DELETE fragments of several messages. */
  fragmentDeletion: '/api/v3/messages/fragment-deletion/',
  addSpeaker: '/api/v1/messages/:id/add-speaker/',
  delSpeaker: '/api/v1/messages/:id/del-speaker/',
  mergeSpeechData: '/api/v1/messages/:id/merge-speech-data/',
  /** POST: a quote made by hand. */
  manualQuote: '/api/v1/messages/create-manual-quote/',
  /** POST a markup. */
  markups: '/api/v3/message_markups/',
  /** PATCH or DELETE a markup. */
  markup: '/api/v3/message_markups/:id/',
} as const;

/** The list, its count and the detail are named on v2 as well as v3: both are served. */
export const MESSAGE_V2_PATHS = {
  list: '/api/v2/messages/',
  paginationCount: '/api/v2/messages/pagination_count/',
  detail: '/api/v2/messages/:id/',
} as const;

/** The spec lists the comment calls among the message calls without their prefix: served too. */
export const COMMENT_PATHS = {
  comments: '/api/v2/comment/',
  commentsCount: '/api/v2/comment/pagination_count/',
  oneComment: '/api/v2/one_comment_by_message/',
} as const;

/**
 * PATCH toggles a flag of a message. The spec names verify, se-verify, delay and archive
 * unversioned and adds trash and verify_ai on v2; every toggle is served on both, the client
 * uses v2.
 */
export const MESSAGE_FLAG_PATHS = {
  v2: {
    verify: '/api/v2/messages/:id/verify/',
    'se-verify': '/api/v2/messages/:id/se-verify/',
    delay: '/api/v2/messages/:id/delay/',
    archive: '/api/v2/messages/:id/archive/',
    trash: '/api/v2/messages/:id/trash/',
    verify_ai: '/api/v2/messages/:id/verify_ai/',
  },
  v1: {
    verify: '/api/v1/messages/:id/verify/',
    'se-verify': '/api/v1/messages/:id/se-verify/',
    delay: '/api/v1/messages/:id/delay/',
    archive: '/api/v1/messages/:id/archive/',
    trash: '/api/v1/messages/:id/trash/',
    verify_ai: '/api/v1/messages/:id/verify_ai/',
  },
} as const satisfies Record<string, Record<MessageFlagCall, string>>;

/** Fragments (§7.7). */
export const FRAGMENT_PATHS = {
  /** GET the fragments of a period. */
  list: '/api/v3/fragments/',
  /** DELETE a fragment. */
  detail: '/api/v1/fragments/:id/',
  edit: '/api/v2/fragments/:id/edit/',
  moodAi: '/api/v1/fragments/:id/mood-ai/',
  quote: '/api/v1/fragments/:id/quote/',
  /** PATCH the same fields on several fragments, their ids joined by commas. */
  fields: '/api/v1/fragments/:ids/fields/',
  /** DELETE the fragment's theme. */
  theme: '/api/v1/fragments/:id/theme/',
  /** DELETE the fragment's info reason. */
  infoReason: '/api/v1/fragments/:id/info-reason/',
} as const;

/** Quotes (§7.10): the list grouped by lom, its mood table and lom stat, and the writes. */
export const QUOTE_PATHS = {
  list: '/api/v2/quotes/',
  moodTable: '/api/v2/quotes/mood-table/',
  lomStat: '/api/v2/quotes/lom-stat/',
  /** DELETE a quote (named on v2 and v3). */
  detail: '/api/v3/quotes/:id/',
  /** DELETE the quote's theme (unversioned in the spec: served on v1, v2 and v3). */
  theme: '/api/v3/quotes/:id/theme/',
  /** DELETE the quote's info reason (as the theme). */
  infoReason: '/api/v3/quotes/:id/info-reason/',
} as const;

/** The quote writes on v2, served as on v3. */
export const QUOTE_V2_PATHS = {
  detail: '/api/v2/quotes/:id/',
  theme: '/api/v2/quotes/:id/theme/',
  infoReason: '/api/v2/quotes/:id/info-reason/',
} as const;

/** The quote's theme and info reason on v1, served as on v3. */
export const QUOTE_V1_PATHS = {
  theme: '/api/v1/quotes/:id/theme/',
  infoReason: '/api/v1/quotes/:id/info-reason/',
} as const;

/**
 * Report downloads of messages (§7.8) and of quotes (§7.10): GET the file, and GET its
 * -estimation first (how many messages, how large).
 */
export const REPORT_PATHS = {
  report: { file: '/api/v1/messages/get-report/', estimation: '/api/v1/messages/get-report-estimation/' },
  xlsx: { file: '/api/v1/messages/get-xlsx/', estimation: '/api/v1/messages/get-xlsx-estimation/' },
  'word-report': {
    file: '/api/v1/messages/get-word-report/',
    estimation: '/api/v1/messages/get-word-report-estimation/',
  },
  'word-popular-report': {
    file: '/api/v1/messages/get-word-popular-report/',
    estimation: '/api/v1/messages/get-word-popular-report-estimation/',
  },
  quotes: { file: '/api/v2/quotes/report/', estimation: '/api/v2/quotes/report-estimation/' },
} as const satisfies Record<string, { file: string; estimation: string }>;
