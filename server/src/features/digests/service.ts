import {
  type AlertFilters,
  alertTargetProblem,
  type DigestCreateBody,
  type DigestFormat,
  type DigestItem,
  type DigestPatchBody,
  type DigestPeriod,
  type DigestRun,
  hasPermission,
  type ListEnvelope,
  NAMED_PERMISSION_LABELS,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { digestPeriodOf, nextDigestRunAt } from '../../domain/alerts/digest-schedule.ts';
import { checkTarget, filtersOfJson, storedFilters } from '../../domain/alerts/target-check.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { presentDigest, presentRun } from './presenter.ts';
import {
  activeUserEmails,
  countDigests,
  countRuns,
  type DigestRow,
  deleteDigestRow,
  digestPage,
  findDigest,
  insertDigest,
  insertRun,
  runPage,
  untriedRun,
  updateDigestRow,
} from './queries.ts';

// Scheduled digests (issue 30, docs/alerts.md): each is its owner's alone; someone else's is not found. The API
// keeps the schedule (next_run_at) and queues a send asked for now; the alert engine builds and mails the report.
// Digests are personal settings: they are not written to the action log.

async function ownDigest(db: Db, userId: number, id: number, lock = false): Promise<DigestRow> {
  const row = await findDigest(db, userId, id, lock);
  if (!row) throw notFound(`Дайджест ${id} не найден`);
  return row;
}

/** GET digests/: the caller's digests, newest first. */
export async function listDigests(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<ListEnvelope<DigestItem>> {
  const rows = await digestPage(db, userId, page, pageSize);
  const total = rows.length > 0 ? rows[0].total : page > 1 ? await countDigests(db, userId) : 0;
  return { results: rows.map(presentDigest), ...pageInfo(page, pageSize, total) };
}

/** GET digests/{id}/. */
export async function getDigest(db: Db, userId: number, id: number): Promise<DigestItem> {
  return presentDigest(await ownDigest(db, userId, id));
}

/**
 * Addresses outside the product (not the e-mail of an active user account) need `send_external_alerts`: 403
 * naming `recipients`.
 */
async function checkRecipients(db: Db, user: AuthUser, recipients: readonly string[]): Promise<void> {
  if (hasPermission(user, 'send_external_alerts')) return;
  const known = await activeUserEmails(db, recipients);
  const outside = recipients.filter((email) => !known.has(email.toLowerCase()));
  if (outside.length === 0) return;
  const listed = outside.slice(0, 5).join(', ') + (outside.length > 5 ? ` и ещё ${outside.length - 5}` : '');
  throw forbidden(
    `Рассылка на адреса вне системы (${listed}) требует права «${NAMED_PERMISSION_LABELS.send_external_alerts}»`,
    'recipients',
  );
}

interface Schedule {
  period: DigestPeriod;
  weekday: number | null;
  time: string;
}

/** A daily digest has no weekday; a weekly one must have one. */
function scheduleOf(period: DigestPeriod, weekday: number | null | undefined, time: string): Schedule {
  if (period === 'daily') return { period, weekday: null, time };
  if (weekday == null) throw badRequest('Для еженедельной рассылки нужен день недели', 'weekday');
  return { period, weekday, time };
}

/** POST digests/: a new digest of the caller, due at its next Moscow time. */
export async function createDigest(db: Db, user: AuthUser, body: DigestCreateBody): Promise<DigestItem> {
  await checkTarget(db, body, user.id);
  await checkRecipients(db, user, body.recipients);
  const schedule = scheduleOf(body.period, body.weekday, body.time);
  const id = await insertDigest(db, {
    userId: user.id,
    name: body.name,
    ...schedule,
    format: body.format,
    query: body.query || null,
    filters: storedFilters(body.filters),
    themeId: body.theme_id ?? null,
    personalThemeId: body.personal_theme_id ?? null,
    lomGroupId: body.lom_group_id ?? null,
    recipients: body.recipients,
    muted: body.muted ?? false,
    nextRunAt: nextDigestRunAt(schedule, new Date()),
  });
  return getDigest(db, user.id, id);
}

/**
 * PATCH digests/{id}/: the stored digest merged with the body and checked whole again. A change of the period,
 * weekday or time moves the next send; a muted digest keeps it (the engine skips muted digests).
 */
export async function updateDigest(
  db: Db,
  user: AuthUser,
  id: number,
  body: DigestPatchBody,
): Promise<DigestItem> {
  const { digest: stored } = await ownDigest(db, user.id, id);
  const pick = <K extends keyof DigestPatchBody, V>(key: K, old: V) =>
    body[key] === undefined ? old : (body[key] as NonNullable<DigestPatchBody[K]> | null);
  const target = {
    query: (pick('query', stored.query) as string | null) || null,
    filters: storedFilters(
      body.filters === undefined ? (filtersOfJson(stored.filters) as AlertFilters) : body.filters,
    ),
    theme_id: pick('theme_id', stored.themeId) as number | null,
    personal_theme_id: pick('personal_theme_id', stored.personalThemeId) as number | null,
    lom_group_id: pick('lom_group_id', stored.lomGroupId) as number | null,
  };
  const problem = alertTargetProblem(target);
  if (problem) throw badRequest(problem.message, problem.field);
  const schedule = scheduleOf(
    body.period ?? (stored.period as DigestPeriod),
    pick('weekday', stored.weekday) as number | null,
    body.time ?? stored.time,
  );
  await checkTarget(
    db,
    target,
    user.id,
    new Set((['theme_id', 'personal_theme_id', 'lom_group_id'] as const).filter((key) => body[key] != null)),
  );
  if (body.recipients) await checkRecipients(db, user, body.recipients);
  const rescheduled =
    schedule.period !== stored.period || schedule.weekday !== stored.weekday || schedule.time !== stored.time;

  await db.transaction(async (tx) => {
    await ownDigest(tx, user.id, id, true);
    await updateDigestRow(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.format === undefined ? {} : { format: body.format as DigestFormat }),
      ...(body.recipients === undefined ? {} : { recipients: body.recipients }),
      ...(body.muted === undefined ? {} : { muted: body.muted }),
      ...schedule,
      query: target.query,
      filters: target.filters,
      themeId: target.theme_id,
      personalThemeId: target.personal_theme_id,
      lomGroupId: target.lom_group_id,
      ...(rescheduled ? { nextRunAt: nextDigestRunAt(schedule, new Date()) } : {}),
    });
  });
  return getDigest(db, user.id, id);
}

/** DELETE digests/{id}/: the digest and its runs. */
export async function deleteDigest(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteDigestRow(db, userId, id))) throw notFound(`Дайджест ${id} не найден`);
}

/** GET digests/{id}/runs/: its sends, newest first, with their status and error. */
export async function listRuns(
  db: Db,
  userId: number,
  id: number,
  page: number,
  pageSize: number,
): Promise<ListEnvelope<DigestRun>> {
  await ownDigest(db, userId, id);
  const rows = await runPage(db, id, page, pageSize);
  const total = rows.length > 0 ? rows[0].total : page > 1 ? await countRuns(db, id) : 0;
  return { results: rows.map(presentRun), ...pageInfo(page, pageSize, total) };
}

/**
 * POST digests/{id}/send/: a send now, outside the schedule, of the period that ends now. The engine builds and
 * mails it on its next pass (woken at once). A send that waits for its first attempt already answers 409.
 */
export async function sendDigestNow(db: Db, userId: number, id: number): Promise<DigestRun> {
  return db.transaction(async (tx) => {
    const { digest } = await ownDigest(tx, userId, id, true);
    if (await untriedRun(tx, id))
      throw new HttpError(409, 'Дайджест уже ждёт отправки: повторите, когда он уйдёт');
    const now = new Date();
    const period = digestPeriodOf(digest.period as DigestPeriod, now);
    const run = await insertRun(tx, {
      digestId: id,
      scheduledFor: now,
      periodStart: period.start,
      periodEnd: period.end,
    });
    if (!run) throw new HttpError(409, 'Дайджест уже ждёт отправки: повторите, когда он уйдёт');
    return presentRun(run);
  });
}
