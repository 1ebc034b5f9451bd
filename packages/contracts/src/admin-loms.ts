import { z } from 'zod';
import { commaIdList, idField, idList, idParam, pageParam, pageSizeParam, strictBody } from './input.ts';
import { queryFlag, searchText } from './messages.ts';
import { DEFAULT_PAGE_SIZE_VALUE } from './paging.ts';

/**
 * The admin panel's lom sources, loms and mlg reports (api.md §7.2; product.md §3 Lom source,
 * Lom group / mlg report). docs/admin-loms.md says what each call does.
 */

export const ADMIN_LOM_SOURCE_PATHS = {
  /** GET: accounts with filter, lom_isnull, probable_loms_isnull, source, is_active. */
  list: '/api/v1/admin/lom-sources/',
  /** POST {lom}: binds the account (and its messages) to the lom. */
  addLom: '/api/v1/admin/lom-sources/:id/add-lom/',
  /** PATCH. */
  deactivate: '/api/v1/admin/lom-sources/:id/deactivate/',
  /** POST {lom}: records the lom as the account's candidate. */
  addProbableLom: '/api/v1/admin/lom-sources/:id/add-probable-lom/',
  /** POST: proposes candidates for every unbound account. */
  loadProbableLoms: '/api/v1/admin/lom-sources/load-probable-loms/',
} as const;

export const ADMIN_LOM_PATHS = {
  /** GET: loms with filter, is_active. */
  list: '/api/v1/admin/loms/',
  /** POST {queryset}: the loms of the queryset are merged into {id}. */
  merge: '/api/v1/admin/loms/:id/merge/',
  /** PATCH. */
  deactivate: '/api/v1/admin/loms/:id/deactivate/',
  /** POST {queryset}. */
  deactivateMany: '/api/v1/admin/loms/deactivate/',
} as const;

export const ADMIN_MLG_REPORT_PATHS = {
  /** GET lists, POST {report_id} registers a report. */
  list: '/api/v1/admin/reports-mlg/',
  /** DELETE. */
  detail: '/api/v1/admin/reports-mlg/:id/',
  /** DELETE ?report_id_in=1,2. */
  massDelete: '/api/v1/admin/reports-mlg/mass_delete/',
  /** GET: rebuilds the report's loms from its accounts. */
  load: '/api/v1/admin/reports-mlg/:id/load/',
} as const;

/** Candidates scoring below this are not proposed (docs/admin-loms.md). */
export const PROBABLE_LOM_THRESHOLD = 0.75;
/** Most loms one merge may fold into its target. */
export const MAX_MERGED_LOMS = 100;

/** Why a lom was proposed for an account. */
export const PROBABLE_LOM_REASONS = ['url', 'handle', 'name', 'nickname', 'manual'] as const;
export type ProbableLomReason = (typeof PROBABLE_LOM_REASONS)[number];
export const PROBABLE_LOM_REASON_LABELS: Record<ProbableLomReason, string> = {
  url: 'тот же адрес у другого аккаунта ЛОМ',
  handle: 'то же имя аккаунта на другой площадке',
  name: 'совпадает с именем ЛОМ',
  nickname: 'совпадает с псевдонимом ЛОМ',
  manual: 'указан администратором',
};

// ── Lom sources ──────────────────────────────────────────────────────────────

export const adminLomSourceListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
  /** Part of the address, the account name or the lom's name. */
  filter: searchText.optional(),
  /** true: accounts without a lom; false: bound ones. */
  lom_isnull: queryFlag.optional(),
  /** true: accounts without a candidate; false: with one. */
  probable_loms_isnull: queryFlag.optional(),
  /** The platform (sources directory). */
  source: idParam.optional(),
  is_active: queryFlag.optional(),
});
export type AdminLomSourceListQuery = z.output<typeof adminLomSourceListQuery>;

const lomRef = z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() });

export const adminLomSourceItem = z.object({
  id: z.number().int(),
  url: z.string(),
  account_name: z.string().nullable(),
  source: z.object({ id: z.number().int(), name: z.string() }),
  coverage: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  lom: lomRef.nullable(),
  probable_lom: lomRef
    .extend({ score: z.number().nullable(), reason: z.enum(PROBABLE_LOM_REASONS).nullable() })
    .nullable(),
});
export type AdminLomSourceItem = z.infer<typeof adminLomSourceItem>;

export const adminLomBody = strictBody({ lom: idField });
export type AdminLomBody = z.infer<typeof adminLomBody>;

export const loadProbableLomsResult = z.object({
  /** Unbound active accounts looked at. */
  checked: z.number().int(),
  /** Of them, those given a candidate. */
  proposed: z.number().int(),
  threshold: z.number(),
});
export type LoadProbableLomsResult = z.infer<typeof loadProbableLomsResult>;

// ── Loms ─────────────────────────────────────────────────────────────────────

export const adminLomListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
  /** Part of the name or nickname, or the lom's number. */
  filter: searchText.optional(),
  is_active: queryFlag.optional(),
});
export type AdminLomListQuery = z.output<typeof adminLomListQuery>;

export const adminLomItem = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string().nullable(),
  is_active: z.boolean(),
  archived: z.boolean(),
  subscribers: z.number(),
  message_number: z.number().int(),
  messages_count: z.number().int(),
  quotes_count: z.number().int(),
  sources_count: z.number().int(),
  created_at: z.string(),
});
export type AdminLomItem = z.infer<typeof adminLomItem>;

/** The loms of a merge or a mass deactivation. */
export const adminQuerysetBody = strictBody({
  queryset: idList.max(MAX_MERGED_LOMS, { error: `не более ${MAX_MERGED_LOMS} ЛОМ за раз` }),
});
export type AdminQuerysetBody = z.infer<typeof adminQuerysetBody>;

export const lomMergeMoved = z.record(z.string(), z.number().int());

export const adminLomMergeResult = z.object({
  lom: adminLomItem,
  merged: z.array(z.number().int()),
  /** Rows moved per table. */
  moved: lomMergeMoved,
});
export type AdminLomMergeResult = z.infer<typeof adminLomMergeResult>;

export const adminLomActiveResult = z.object({ id: z.number().int(), is_active: z.boolean() });
export const adminLomDeactivateManyResult = z.object({ ids: z.array(z.number().int()) });

// ── Mlg reports ──────────────────────────────────────────────────────────────

export const adminMlgReportListQuery = z.object({
  page: pageParam,
  page_size: pageSizeParam(DEFAULT_PAGE_SIZE_VALUE),
  /** Part of the title or of the report number. */
  search: searchText.optional(),
});
export type AdminMlgReportListQuery = z.output<typeof adminMlgReportListQuery>;

export const adminMlgReportItem = z.object({
  id: z.number().int(),
  report_id: z.number().int(),
  title: z.string().nullable(),
  public: z.boolean(),
  active: z.boolean(),
  last_processed: z.string().nullable(),
  created_at: z.string(),
  loms_count: z.number().int(),
  loms_sources_count: z.number().int(),
});
export type AdminMlgReportItem = z.infer<typeof adminMlgReportItem>;

export const adminMlgReportCreateBody = strictBody({
  report_id: idField,
  title: z
    .string({ error: 'ожидается строка' })
    .max(200, { error: 'не длиннее 200 символов' })
    .transform((t) => t.trim())
    .optional(),
  /** The report's accounts (lom sources), if known. */
  lom_sources: z.array(idField, { error: 'ожидается список идентификаторов' }).max(10_000).optional(),
});
export type AdminMlgReportCreateBody = z.infer<typeof adminMlgReportCreateBody>;

export const adminMlgMassDeleteQuery = z.object({
  report_id_in: commaIdList().refine((ids) => ids.length > 0, { error: 'укажите хотя бы один номер отчёта' }),
});

export const adminMlgMassDeleteResult = z.object({ deleted: z.number().int() });

export const adminMlgLoadResult = z.object({
  report: adminMlgReportItem,
  /** Active accounts of the report. */
  sources: z.number().int(),
  /** Of them, accounts without a lom (to bind on the lom sources page). */
  unbound: z.number().int(),
});
export type AdminMlgLoadResult = z.infer<typeof adminMlgLoadResult>;
