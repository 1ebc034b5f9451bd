// Paths of the message, fragment and quote calls (api.md §7.7, §7.8, §7.10) as the
// server serves them. The spec leaves some versions open; these are the ones the
// server registers (server/src/features/{messages,fragments,quotes}).

const id = (value: number) => String(Math.trunc(value));

export const MESSAGE_PATHS = {
  list: '/api/v3/messages/',
  paginationCount: '/api/v3/messages/pagination_count/',
  detail: (messageId: number) => `/api/v3/messages/${id(messageId)}/`,
  moodTable: '/api/v2/messages/mood-table/',
  lomStat: '/api/v2/messages/lom-stat/',
  comments: '/api/v2/messages/comment/',
  /** verify, se-verify, delay, archive, trash, verify_ai: all served on v2. */
  flag: (messageId: number, call: string) => `/api/v2/messages/${id(messageId)}/${call}/`,
  approve: '/api/v3/messages/messages-verify/',
  fields: '/api/v3/messages/fields/',
  fragmentFields: '/api/v3/messages/fragment_fields/',
  massUpdateByFilter: '/api/v1/messages/filtered-message-mass-update/',
  rubrics: (messageId: number) => `/api/v3/messages/${id(messageId)}/rubrics/`,
  personalTags: (messageId: number) => `/api/v3/messages/${id(messageId)}/personal_tags/`,
  personalTag: (messageId: number, tagId: number) =>
    `/api/v3/messages/${id(messageId)}/personal-tags/${id(tagId)}/`,
  convertFromAi: (messageId: number) => `/api/v1/messages/${id(messageId)}/convert-from-ai/`,
  create: '/api/v1/messages/',
  quote: (messageId: number) => `/api/v1/messages/${id(messageId)}/quote/`,
  fragment: (messageId: number) => `/api/v1/messages/${id(messageId)}/fragment/`,
  theme: (messageId: number) => `/api/v1/messages/${id(messageId)}/theme/`,
  infoReason: (messageId: number) => `/api/v1/messages/${id(messageId)}/info-reason/`,
  infoReasonDelete: (messageId: number) => `/api/v1/messages/${id(messageId)}/info_reason/`,
  fragmentDeletion: '/api/v3/messages/fragment-deletion/',
  addSpeaker: (messageId: number) => `/api/v1/messages/${id(messageId)}/add-speaker/`,
  delSpeaker: (messageId: number) => `/api/v1/messages/${id(messageId)}/del-speaker/`,
  mergeSpeechData: (messageId: number) => `/api/v1/messages/${id(messageId)}/merge-speech-data/`,
  markups: '/api/v3/message_markups/',
  markup: (markupId: number) => `/api/v3/message_markups/${id(markupId)}/`,
} as const;

export const FRAGMENT_PATHS = {
  edit: (fragmentId: number) => `/api/v2/fragments/${id(fragmentId)}/edit/`,
  moodAi: (fragmentId: number) => `/api/v1/fragments/${id(fragmentId)}/mood-ai/`,
  quote: (fragmentId: number) => `/api/v1/fragments/${id(fragmentId)}/quote/`,
  remove: (fragmentId: number) => `/api/v1/fragments/${id(fragmentId)}/`,
} as const;

export const QUOTE_PATHS = {
  list: '/api/v2/quotes/',
  moodTable: '/api/v2/quotes/mood-table/',
  lomStat: '/api/v2/quotes/lom-stat/',
  remove: (quoteId: number) => `/api/v3/quotes/${id(quoteId)}/`,
} as const;
