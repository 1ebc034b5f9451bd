import {
  ALERT_LIMITS,
  type SpikeMetric,
  type SpikeSensitivity,
  type SpikeWindow,
} from '@monitoring/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, DAY_MS, HOUR_MS, moscowDay, moscowMidnight } from '../moscow-calendar.ts';
import {
  backfillCandidates,
  backfillCounts,
  type CountingAlertRow,
  dataStart,
  type EvaluationUpdate,
  intervalSums,
  isStatementTimeout,
  lockBackfill,
  lockDueAlerts,
  lomBreakdown,
  pruneCounts,
  recordEvaluations,
  type SumInterval,
  type SumRow,
  topWindowMessages,
  withStatementTimeout,
} from './counts-queries.ts';
import { type EventDetails, eventMessages, insertEvent } from './events-queries.ts';
import { dropMatches, dueNewAlerts, lockNewAlert, takeMatches } from './flush-queries.ts';
import { lockCountsExclusive, setLastResults } from './inbox-queries.ts';
import {
  BASELINE_DAYS,
  evaluateNegativeShare,
  evaluateSpike,
  formatSpike,
  median,
  type SpikeValue,
  spikeDrivers,
  spikeWindows,
} from './spike.ts';
import {
  NEGATIVE_RESULT_PREFIX,
  negativeSentence,
  newSummary,
  SPIKE_ALREADY_SENT,
  SPIKE_RESULT_PREFIX,
} from './summaries.ts';
import { ownerProblem, TargetProblem } from './target.ts';
import { loadOwners, targetCondition } from './target-queries.ts';

// The evaluations of the engine (docs/alerts.md "Engine"): the `new` alerts' flush, the backfill of the counting
// alerts, and the spike and negative checks of the due alerts over their hourly counts.

/** How far back the counts reach: the day window's baseline begins at the Moscow midnight 15 days ago. */
export const BACKFILL_DAYS = 15;
/** A backfill, like a search, may not hold the database longer than this. */
export const BACKFILL_TIMEOUT_MS = 2000;
/** The drivers of a firing alert read messages: at most this long, else the event goes without them. */
const DRIVERS_TIMEOUT_MS = 2000;
const DRIVER_LOMS = 5;
const DUE_LIMIT = 1000;

/** The first instant the counts must cover for an evaluation at `now`. */
export function backfillFrom(now: Date): Date {
  return moscowMidnight(addDays(moscowDay(now.getTime()), -BACKFILL_DAYS));
}

/** `now` floored to the alert's interval: the identity of a `new` alert's notification. */
export function newWindowKey(now: Date, intervalMinutes: number): string {
  const step = intervalMinutes * 60_000;
  return `new:${new Date(Math.floor(now.getTime() / step) * step).toISOString()}`;
}

/** Thrown inside a flush to roll it back when the window already has its event (the matches stay). */
class AlreadyFired extends Error {}

/**
 * Flushes the `new` alerts whose interval has passed: each in its own transaction, locked (SKIP LOCKED), its matches
 * taken and listed (the first ALERT_LIMITS.listedMessages by wrote_at and the total) into one event. Answers the
 * events written.
 */
export async function flushNewAlerts(db: Db, now: Date, limit = 100): Promise<number> {
  let events = 0;
  for (const id of await dueNewAlerts(db, now, limit)) {
    try {
      const fired = await db.transaction(async (tx) => {
        const alert = await lockNewAlert(tx, id, now);
        if (!alert) return false;
        const owner = (await loadOwners(tx, [alert.user_id])).get(alert.user_id);
        const problem = ownerProblem(owner);
        if (problem) {
          await dropMatches(tx, id);
          await setLastResults(tx, [{ id, result: new TargetProblem(problem).message }], now);
          return false;
        }
        const taken = await takeMatches(tx, id, ALERT_LIMITS.listedMessages);
        if (taken.total === 0) return false;
        const listed = await eventMessages(tx, taken.listedIds);
        const summary = newSummary(taken.total, listed.length);
        const start = taken.since && taken.since < now ? taken.since : now;
        const eventId = await insertEvent(
          tx,
          {
            alertId: id,
            userId: alert.user_id,
            alertName: alert.name,
            kind: 'new',
            windowKey: newWindowKey(now, alert.interval_minutes ?? ALERT_LIMITS.defaultIntervalMinutes),
            windowStart: start,
            windowEnd: now,
            summary,
            messageCount: taken.total,
            messageIds: listed.map((m) => m.id),
            details: { loms: taken.loms },
            notificationMessages: listed.map((m) => ({ id: m.id, text: m.text.slice(0, 140) })),
            more: Math.max(0, taken.total - listed.length),
          },
          now,
        );
        if (eventId === null) throw new AlreadyFired();
        await setLastResults(tx, [{ id, result: `Оповещение отправлено: ${summary}` }], now);
        return true;
      });
      if (fired) events++;
    } catch (error) {
      if (!(error instanceof AlreadyFired)) throw error;
    }
  }
  return events;
}

/**
 * Counts the last 15 days of the counting alerts that have no counts yet (created, or their target changed): one
 * statement each under BACKFILL_TIMEOUT_MS, with the inbox passes held off. A timeout leaves counted_since null (the
 * next round tries again) and says so in last_result. Answers the alerts filled.
 */
export async function backfillAlerts(db: Db, now: Date, limit = 10): Promise<number> {
  let filled = 0;
  for (const id of await backfillCandidates(db, limit)) {
    try {
      const done = await db.transaction(async (tx) => {
        await lockCountsExclusive(tx);
        const alert = await lockBackfill(tx, id);
        if (!alert) return false;
        const owner = (await loadOwners(tx, [alert.user_id])).get(alert.user_id);
        let condition: SQL;
        try {
          if (!owner) throw new TargetProblem(ownerProblem(owner) ?? 'Владелец не найден');
          condition = targetCondition(alert, owner);
        } catch (error) {
          if (!(error instanceof TargetProblem)) throw error;
          await setLastResults(tx, [{ id, result: error.message }], now);
          return false;
        }
        await withStatementTimeout(tx, BACKFILL_TIMEOUT_MS, (sp) =>
          backfillCounts(sp, id, condition, backfillFrom(now)),
        );
        return true;
      });
      if (done) filled++;
    } catch (error) {
      const reason = isStatementTimeout(error)
        ? 'запрос дольше 2 секунд, повторим позже'
        : `${error instanceof Error ? error.message : String(error)}`.slice(0, 200);
      await setLastResults(
        db,
        [{ id, result: `История за ${BACKFILL_DAYS} дней не посчитана: ${reason}` }],
        now,
      );
    }
  }
  return filled;
}

/** Index of the window among an alert's intervals; the baseline days are 0..13, the window before it 15. */
const WINDOW_IDX = BASELINE_DAYS;
const PREVIOUS_IDX = BASELINE_DAYS + 1;

/** The intervals of both window kinds at `now`: 14 baseline days, the window, and the window before it. */
export function evaluationIntervals(now: Date): SumInterval[] {
  const out: SumInterval[] = [];
  for (const window of ['hour', 'day'] as const) {
    const { window: current, baseline } = spikeWindows(now, window);
    for (const [idx, b] of baseline.entries()) out.push({ window, idx, ...b });
    out.push({ window, idx: WINDOW_IDX, ...current });
    const length = window === 'hour' ? HOUR_MS : DAY_MS;
    out.push({
      window,
      idx: PREVIOUS_IDX,
      start: new Date(current.start.getTime() - length),
      end: current.start,
    });
  }
  return out;
}

/** When the alert is evaluated next: the end of the next hour + 2 minutes, or the next Moscow midnight + 5. */
export function nextCheckAt(now: Date, window: SpikeWindow): Date {
  const { window: current } = spikeWindows(now, window);
  return window === 'hour'
    ? new Date(current.end.getTime() + HOUR_MS + 2 * 60_000)
    : new Date(current.end.getTime() + DAY_MS + 5 * 60_000);
}

const metricOf = (row: SumRow | undefined, metric: SpikeMetric): number =>
  row ? (metric === 'messages' ? row.messages : metric === 'si' ? row.si : row.views) : 0;

interface AlertSums {
  /** By interval index; null for an interval before the data begins. */
  value(idx: number, metric: SpikeMetric): SpikeValue;
  row(idx: number): SumRow | undefined;
}

function alertSums(
  rows: readonly SumRow[],
  intervals: readonly SumInterval[],
  window: SpikeWindow,
  start: Date | null,
): AlertSums {
  const byIdx = new Map(rows.map((row) => [row.idx, row]));
  const interval = new Map(intervals.filter((i) => i.window === window).map((i) => [i.idx, i]));
  return {
    value(idx, metric) {
      const at = interval.get(idx);
      if (!at || start === null || at.end.getTime() <= start.getTime()) return null;
      return metricOf(byIdx.get(idx), metric);
    },
    row: (idx) => byIdx.get(idx),
  };
}

/** The loms that drive a spike: those that rose most above their own median of the baseline days with data. */
function spikeLoms(
  rows: Awaited<ReturnType<typeof lomBreakdown>>,
  metric: SpikeMetric,
  baselineIdx: readonly number[],
): EventDetails['loms'] {
  const byLom = new Map<number, { name: string; values: Map<number, number>; count: number }>();
  for (const row of rows) {
    let lom = byLom.get(row.lom_id);
    if (!lom) {
      lom = { name: row.name, values: new Map(), count: 0 };
      byLom.set(row.lom_id, lom);
    }
    lom.values.set(row.idx, metric === 'messages' ? row.messages : metric === 'si' ? row.si : row.views);
    if (row.idx === WINDOW_IDX) lom.count = row.messages;
  }
  const items = [...byLom].map(([id, lom]) => ({
    id,
    window: lom.values.get(WINDOW_IDX) ?? 0,
    baseline: baselineIdx.length ? median(baselineIdx.map((idx) => lom.values.get(idx) ?? 0)) : 0,
  }));
  return spikeDrivers(items, DRIVER_LOMS).map((item) => ({
    id: item.id,
    name: byLom.get(item.id)?.name ?? '',
    count: byLom.get(item.id)?.count ?? 0,
  }));
}

interface Firing {
  alert: CountingAlertRow;
  condition: SQL;
  window: SpikeWindow;
  intervals: SumInterval[];
  summary: string;
  messageCount: number;
  details: Omit<EventDetails, 'loms'>;
  negative: boolean;
  metric: SpikeMetric;
  baselineIdx: number[];
}

/** The event of a firing alert: its drivers (under a timeout: without them past it) and the listed messages. */
async function fire(tx: Db, firing: Firing, now: Date): Promise<boolean> {
  const current = firing.intervals.find((i) => i.idx === WINDOW_IDX) as SumInterval;
  let loms: EventDetails['loms'] = [];
  let messageIds: number[] = [];
  try {
    await withStatementTimeout(tx, DRIVERS_TIMEOUT_MS, async (sp) => {
      const rows = await lomBreakdown(
        sp,
        firing.condition,
        firing.intervals.filter((i) => i.idx <= WINDOW_IDX),
      );
      loms = firing.negative
        ? rows
            .filter((r) => r.idx === WINDOW_IDX && r.negative > 0)
            .sort((a, b) => b.negative - a.negative || a.lom_id - b.lom_id)
            .slice(0, DRIVER_LOMS)
            .map((r) => ({ id: r.lom_id, name: r.name, count: r.negative }))
        : spikeLoms(rows, firing.metric, firing.baselineIdx);
      messageIds = await topWindowMessages(
        sp,
        firing.condition,
        current,
        firing.metric === 'views' ? 'views' : 'si',
        firing.negative,
        ALERT_LIMITS.listedMessages,
      );
    });
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
  }
  const listed = await eventMessages(tx, messageIds);
  const eventId = await insertEvent(
    tx,
    {
      alertId: firing.alert.id,
      userId: firing.alert.user_id,
      alertName: firing.alert.name,
      kind: firing.alert.kind,
      windowKey: current.start.toISOString(),
      windowStart: current.start,
      windowEnd: current.end,
      summary: firing.summary,
      messageCount: firing.messageCount,
      messageIds: listed.map((m) => m.id),
      details: { ...firing.details, loms },
      notificationMessages: listed.map((m) => ({ id: m.id, text: m.text.slice(0, 140) })),
      more: Math.max(0, firing.messageCount - listed.length),
    },
    now,
  );
  return eventId !== null;
}

export interface EvaluationResult {
  evaluated: number;
  fired: number;
}

/**
 * Evaluates the due spike and negative alerts (next_check_at ≤ now, counts in place): locked FOR UPDATE SKIP LOCKED,
 * the sums of every window and baseline day from the hourly counts in one statement, the statistics of spike.ts, an
 * event on fire (unique per window: never twice), and last_result and next_check_at for every one.
 */
export async function evaluateDueAlerts(db: Db, now: Date, limit = DUE_LIMIT): Promise<EvaluationResult> {
  return db.transaction(async (tx) => {
    const due = await lockDueAlerts(tx, now, limit);
    const result: EvaluationResult = { evaluated: due.length, fired: 0 };
    if (due.length === 0) return result;
    const owners = await loadOwners(
      tx,
      due.map((a) => a.user_id),
    );
    const start = await dataStart(tx);
    const intervals = evaluationIntervals(now);
    const windowOf = (alert: CountingAlertRow): SpikeWindow =>
      alert.window === 'hour' || alert.window === 'day'
        ? alert.window
        : alert.kind === 'spike'
          ? 'hour'
          : 'day';
    const sums = await intervalSums(
      tx,
      due.map((a) => ({ id: a.id, window: windowOf(a) })),
      intervals,
    );
    const sumsByAlert = new Map<number, SumRow[]>();
    for (const row of sums) sumsByAlert.set(row.alert_id, [...(sumsByAlert.get(row.alert_id) ?? []), row]);
    const updates: EvaluationUpdate[] = [];
    for (const alert of due) {
      const window = windowOf(alert);
      const next = nextCheckAt(now, window);
      const owner = owners.get(alert.user_id);
      let condition: SQL;
      try {
        if (!owner) throw new TargetProblem(ownerProblem(owner) ?? 'Владелец не найден');
        condition = targetCondition(alert, owner);
      } catch (error) {
        if (!(error instanceof TargetProblem)) throw error;
        updates.push({ id: alert.id, result: error.message, nextCheckAt: next });
        continue;
      }
      const own = intervals.filter((i) => i.window === window);
      const values = alertSums(sumsByAlert.get(alert.id) ?? [], intervals, window, start);
      const current = own.find((i) => i.idx === WINDOW_IDX) as SumInterval;
      const baselineIdx = Array.from({ length: BASELINE_DAYS }, (_, i) => i).filter(
        (idx) => values.value(idx, 'messages') !== null,
      );
      let firing: Firing | null = null;
      let text: string;
      if (alert.kind === 'spike') {
        const metric = (alert.metric ?? 'messages') as SpikeMetric;
        const sensitivity = (alert.sensitivity ?? 'medium') as SpikeSensitivity;
        const verdict = evaluateSpike(
          values.value(WINDOW_IDX, metric),
          Array.from({ length: BASELINE_DAYS }, (_, idx) => values.value(idx, metric)),
          metric,
          sensitivity,
        );
        const sentence = formatSpike(verdict, metric, window, current.start);
        text = `${SPIKE_RESULT_PREFIX[verdict.reason]}. ${sentence}`;
        if (verdict.isSpike)
          firing = {
            alert,
            condition,
            window,
            intervals: own,
            summary: sentence,
            messageCount: Math.round(values.row(WINDOW_IDX)?.messages ?? 0),
            details: {
              metric,
              value: verdict.window ?? 0,
              baseline: verdict.baselineMedian,
              z: verdict.z,
              ratio: verdict.ratio,
              change_percent: verdict.changePercent,
            },
            negative: false,
            metric,
            baselineIdx,
          };
      } else {
        const threshold = alert.threshold ?? ALERT_LIMITS.defaultThreshold;
        const share = (idx: number) => {
          const row = values.row(idx);
          const total = row?.messages ?? 0;
          const negative = row?.negative ?? 0;
          return evaluateNegativeShare({ 2: negative, 1: Math.max(0, total - negative) }, threshold / 100);
        };
        const verdict = share(WINDOW_IDX);
        const sentence = negativeSentence(verdict, threshold, window, current.start);
        // "Crosses": an alert that saw the previous window above the threshold does not speak again.
        const sawPrevious =
          alert.last_evaluated_at !== null &&
          new Date(alert.last_evaluated_at).getTime() >= current.start.getTime();
        if (verdict.reason === 'too_small') text = `${NEGATIVE_RESULT_PREFIX.small}. ${sentence}`;
        else if (!verdict.isAlert) text = `${NEGATIVE_RESULT_PREFIX.below}. ${sentence}`;
        else if (sawPrevious && share(PREVIOUS_IDX).isAlert)
          text = `${NEGATIVE_RESULT_PREFIX.still}. ${sentence}`;
        else {
          text = `${NEGATIVE_RESULT_PREFIX.fired}. ${sentence}`;
          firing = {
            alert,
            condition,
            window,
            intervals: own,
            summary: sentence,
            messageCount: verdict.total,
            details: { value: verdict.negative, share: verdict.share, threshold },
            negative: true,
            metric: 'messages',
            baselineIdx,
          };
        }
      }
      let nextCheck = next;
      if (firing) {
        const current = firing;
        try {
          const sent = await tx.transaction((sp) => fire(sp, current, now));
          if (sent) result.fired++;
          else
            text =
              alert.kind === 'spike'
                ? `${SPIKE_ALREADY_SENT}. ${firing.summary}`
                : `${NEGATIVE_RESULT_PREFIX.already}. ${firing.summary}`;
        } catch (error) {
          // Tried again in a minute: the event's window key keeps a retry from sending twice.
          text = `Оповещение не записано, повторим через минуту: ${(error instanceof Error ? error.message : String(error)).slice(0, 200)}`;
          nextCheck = new Date(now.getTime() + 60_000);
        }
      }
      updates.push({ id: alert.id, result: text, nextCheckAt: nextCheck });
    }
    await recordEvaluations(tx, updates, now);
    await pruneCounts(tx, moscowMidnight(addDays(moscowDay(now.getTime()), -(BACKFILL_DAYS + 2))));
    return result;
  });
}
