import { z } from 'zod';
import { listEnvelope } from './api.ts';
import { idParams, pageParam, pageSizeParam, strictBody } from './input.ts';

/** The AI themes (docs/ai-themes.md): proposals from clustering, their approval, suggestions. */
export const AI_THEME_PATHS = {
  /** POST: cluster the unthemed recent messages into draft AI themes now. */
  propose: '/api/v2/themes/ai-propose/',
  /** GET: the proposals waiting for approval, with their terms, info reasons and sample messages. */
  proposals: '/api/v2/themes/ai-proposals/',
  /** POST: an editor confirms an AI markup (a suggestion) of a message. */
  confirmMarkup: '/api/v3/message_markups/:id/confirm/',
} as const;

/** The window of one clustering run: the last `days` days (1..365), at most `limit` messages (1..50,000). */
export const AI_PROPOSE_MAX_DAYS = 365;
export const AI_PROPOSE_MAX_LIMIT = 50_000;
export const AI_PROPOSALS_PAGE_SIZE = 20;
export const AI_PROPOSALS_MAX_PAGE_SIZE = 50;
/** Sample messages shown per proposal, and how much of each text. */
export const AI_PROPOSAL_SAMPLES = 3;
export const AI_PROPOSAL_SAMPLE_CHARS = 280;

const windowNumber = (max: number, field: string) =>
  z
    .number({ error: `«${field}»: ожидается целое число` })
    .int({ error: `«${field}»: ожидается целое число` })
    .min(1, { error: `«${field}»: не меньше 1` })
    .max(max, { error: `«${field}»: не больше ${max}` });

/** POST ai-propose/: no body (the documented window) or `{days, limit}`. */
export const aiProposeBody = strictBody({
  days: windowNumber(AI_PROPOSE_MAX_DAYS, 'days').optional(),
  limit: windowNumber(AI_PROPOSE_MAX_LIMIT, 'limit').optional(),
}).nullish();
export type AiProposeBody = z.output<typeof aiProposeBody>;

export const aiProposalSummary = z.object({
  theme_id: z.number().int(),
  name: z.string(),
  terms: z.array(z.string()),
  messages: z.number().int(),
  info_reasons: z.number().int(),
});

export const aiProposeResult = z.object({
  /** Unthemed messages read from the window. */
  scanned: z.number().int(),
  /** Of them, suggested into an approved theme (AI markups), so not clustered. */
  suggested: z.number().int(),
  proposals: z.array(aiProposalSummary),
  /** Time of the clustering itself, ms. */
  cluster_ms: z.number().int(),
});
export type AiProposeResult = z.infer<typeof aiProposeResult>;

export const aiProposalsQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(AI_PROPOSALS_PAGE_SIZE, AI_PROPOSALS_MAX_PAGE_SIZE),
});
export type AiProposalsQuery = z.output<typeof aiProposalsQuery>;

export const aiProposal = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  /** 'clustering', 'search' (create_ai_theme/ with a name); null for an AI theme made otherwise. */
  origin: z.string().nullable(),
  terms: z.array(z.string()),
  /** Messages waiting in the proposal now (AI markups of the theme). */
  messages: z.number().int(),
  info_reasons: z.array(z.object({ id: z.number().int(), name: z.string(), messages: z.number().int() })),
  samples: z.array(z.object({ id: z.number().int(), text: z.string(), wrote_at: z.string() })),
});
export type AiProposal = z.infer<typeof aiProposal>;
export const aiProposalList = listEnvelope(aiProposal);
export type AiProposalList = z.infer<typeof aiProposalList>;

export const aiMarkupParams = idParams;

export const aiMarkupConfirmResult = z.object({
  markup: z.number().int(),
  message: z.number().int(),
  theme: z.number().int().nullable(),
  /** 'primary': the message had no theme and took this one; 'markup': it stays a confirmed further markup. */
  outcome: z.enum(['primary', 'markup']),
});
export type AiMarkupConfirmResult = z.infer<typeof aiMarkupConfirmResult>;
