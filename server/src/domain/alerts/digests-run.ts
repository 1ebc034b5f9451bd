import { Readable } from 'node:stream';
import {
  DEFAULT_MESSAGE_ORDERING,
  DIGEST_MAX_ATTEMPTS,
  type DigestPeriod,
  formatNumber,
  type MessageFilter,
  pluralRu,
  type RuPluralForms,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { Download } from '../../http/download.ts';
import { HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail.ts';
import { messagesWordReport, messagesWorkbook } from '../reports/documents.ts';
import { countMessages } from '../reports/message-queries.ts';
import { periodText } from '../reports/text.ts';
import {
  claimDigestRuns,
  type DigestRunJob,
  insertDigestRun,
  loadDigestRunJobs,
  lockDueDigests,
  recordDigestFailure,
  recordDigestSent,
  setNextDigestRun,
} from './digest-queries.ts';
import { digestPeriodOf, nextDigestRunAt } from './digest-schedule.ts';
import { escapeHtml } from './message-texts.ts';
import { TargetProblem, targetFilter } from './target.ts';
import { groupLomIds, loadOwners } from './target-queries.ts';

// Scheduled digests (docs/alerts.md "Digests"): the due ones get their run (one per scheduled moment, whatever the
// number of engines), and each run builds its report with the reports' own generators and mails it to every
// recipient with the file attached, retried with growing pauses up to DIGEST_MAX_ATTEMPTS.

/** A run's report may take a while to build: its lease is longer than a delivery's. */
export const DIGEST_LEASE_MS = 15 * 60_000;
const RUNS_PER_ROUND = 5;

/** The pause before attempt n + 1 of a digest: 1 min × 4^(n−1), at most an hour. */
export function digestRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Gives each due digest its run (scheduled_for = its next_run_at; the period via digestPeriodOf) and moves
 * next_run_at to the next send after now (a server that was down sends the missed moment once, not each of them).
 * Answers the runs inserted.
 */
export async function scheduleDigests(db: Db, now: Date, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    let inserted = 0;
    for (const digest of await lockDueDigests(tx, now, limit)) {
      const schedule = {
        period: digest.period as DigestPeriod,
        weekday: digest.weekday === null ? null : Number(digest.weekday),
        time: digest.time,
      };
      if (digest.next_run_at) {
        const scheduledFor = digest.next_run_at;
        if (
          await insertDigestRun(
            tx,
            digest.id,
            scheduledFor,
            digestPeriodOf(schedule.period, scheduledFor),
            now,
          )
        )
          inserted++;
      }
      await setNextDigestRun(tx, digest.id, nextDigestRunAt(schedule, now));
    }
    return inserted;
  });
}

export interface DigestContext {
  db: Db;
  mailer: Mailer;
  leaseMs: number;
}

export interface DigestRound {
  claimed: number;
  sent: number;
  failed: number;
}

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(body)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A failure that another attempt would repeat (a target the owner can't read, a period over the report's cap). */
class FinalFailure extends Error {}

/** The report's filter: the target for its owner over the run's period, lom groups as their loms. */
async function reportFilter(db: Db, job: DigestRunJob): Promise<MessageFilter> {
  const owner = (await loadOwners(db, [job.user_id])).get(job.user_id);
  let target: ReturnType<typeof targetFilter>;
  try {
    if (!owner) throw new TargetProblem('Владелец не найден');
    target = targetFilter(job, owner);
  } catch (error) {
    if (error instanceof TargetProblem) throw new FinalFailure(`Дайджест не собран: ${error.reason}`);
    throw error;
  }
  const filter: MessageFilter = {
    ...target.filter,
    wrote_at_after: job.period_start,
    wrote_at_before: job.period_end,
    ordering: DEFAULT_MESSAGE_ORDERING,
  };
  if (target.lomGroupIds.length && owner) {
    const members = new Set(await groupLomIds(db, target.lomGroupIds, owner.id));
    const loms = filter.lom_in ? filter.lom_in.filter((id) => members.has(id)) : [...members];
    // No lom at all: a list of no existing lom (an empty list would filter nothing).
    filter.lom_in = loms.length ? loms : [0];
  }
  return filter;
}

const MESSAGE_FORMS: RuPluralForms = ['сообщение', 'сообщения', 'сообщений'];

/** The digest's mail: subject «Дайджест «name» за …», text and HTML, the report attached. */
export function digestMail(job: DigestRunJob, count: number, period: string) {
  const subject = `Дайджест «${job.name}» за ${period}`;
  const amount = `${formatNumber(count)} ${pluralRu(count, MESSAGE_FORMS)}`;
  const kind = job.format === 'docx' ? 'Word' : 'Excel';
  const body = [
    `Дайджест «${job.name}»`,
    `Период: ${period}`,
    `За период: ${amount}.`,
    `Отчёт (${kind}) во вложении.`,
    '',
    'Это письмо отправлено системой мониторинга по расписанию дайджеста.',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,sans-serif;font-size:14px;color:#1f1f1f">',
    `<h2 style="font-size:18px">Дайджест «${escapeHtml(job.name)}»</h2>`,
    `<p>Период: ${escapeHtml(period)}<br>За период: <b>${escapeHtml(amount)}</b>.</p>`,
    `<p>Отчёт (${kind}) во вложении.</p>`,
    '<p style="color:#595959;font-size:12px">Это письмо отправлено системой мониторинга по расписанию дайджеста.</p>',
    '</body></html>',
  ].join('');
  return { subject, body, html };
}

/** Builds the run's report and mails it to each recipient; answers the period's message count. */
async function sendRun(ctx: DigestContext, job: DigestRunJob, now: Date): Promise<number> {
  const filter = await reportFilter(ctx.db, job);
  const count = await countMessages(ctx.db, filter);
  let report: Download;
  try {
    report =
      job.format === 'docx'
        ? await messagesWordReport(ctx.db, filter, 'lom', now)
        : await messagesWorkbook(ctx.db, filter, true, now);
  } catch (error) {
    // The reports refuse a period over their cap with a 400: another attempt would be refused too.
    if (error instanceof HttpError) throw new FinalFailure(`Отчёт не собран: ${error.message}`);
    throw error;
  }
  const content = await bytesOf(report.body);
  const mail = digestMail(
    job,
    count,
    periodText({ wrote_at_after: job.period_start, wrote_at_before: job.period_end }),
  );
  const failed: string[] = [];
  for (const to of job.recipients) {
    try {
      await ctx.mailer({
        to,
        subject: mail.subject,
        body: mail.body,
        html: mail.html,
        attachment: { filename: report.fileName, contentType: report.contentType, content },
      });
    } catch (error) {
      failed.push(`${to} (${error instanceof Error ? error.message : String(error)})`.slice(0, 200));
    }
  }
  if (failed.length) throw new Error(`Письмо не отправлено: ${failed.join('; ')}`);
  return count;
}

/**
 * One round: up to RUNS_PER_ROUND pending runs claimed under a lease and sent one by one; a failure is retried
 * after digestRetryDelayMs, and after DIGEST_MAX_ATTEMPTS (or at once when another attempt can't help) the run is
 * 'failed' with the Russian error.
 */
export async function runDigests(ctx: DigestContext, now: () => Date): Promise<DigestRound> {
  const ids = await claimDigestRuns(ctx.db, now(), ctx.leaseMs, RUNS_PER_ROUND);
  const round: DigestRound = { claimed: ids.length, sent: 0, failed: 0 };
  for (const job of await loadDigestRunJobs(ctx.db, ids)) {
    try {
      const count = await sendRun(ctx, job, now());
      await recordDigestSent(ctx.db, job.id, count, now());
      round.sent++;
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const final = error instanceof FinalFailure || job.attempts >= DIGEST_MAX_ATTEMPTS;
      const at = now();
      await recordDigestFailure(
        ctx.db,
        job.id,
        reason,
        final ? null : new Date(at.getTime() + digestRetryDelayMs(job.attempts)),
        null,
      );
      round.failed++;
    }
  }
  return round;
}
