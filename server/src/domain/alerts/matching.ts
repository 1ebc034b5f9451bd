import type { Db } from '../../db/client.ts';
import {
  deleteInbox,
  lockCountsShared,
  type MatchingAlertRow,
  type MatchPart,
  matchBatch,
  matchingAlerts,
  matchValues,
  setLastResults,
  stageBatch,
  takeInbox,
  tsqueryConstant,
  tsqueryTexts,
  valuesShape,
} from './inbox-queries.ts';
import { NOT_CHECKED, type Owner, TargetProblem } from './target.ts';
import { loadOwners, type TargetMatch, type TargetValues, targetMatch } from './target-queries.ts';

// The inbox pass (docs/alerts.md "Engine"): the batches committed since the last pass, matched from their own rows
// against every unmuted alert in a few statements, in one transaction with the inbox rows' deletion.

/** Alerts per matching statement of branches. */
export const MATCH_CHUNK = 100;
/** Alerts per matching statement of values (one shape). */
const VALUES_CHUNK = 500;
/** Inbox rows (batches) per pass. */
const INBOX_ROWS = 20;

const RESUMED = 'Оповещение снова проверяется';

export interface InboxPassResult {
  batches: number;
  messages: number;
  listed: number;
  counted: number;
  skipped: number;
}

/** An alert's part, with its target as values when it has that form (matched by matchValues). */
interface PreparedPart extends MatchPart {
  values: TargetValues | null;
}

interface Prepared {
  parts: PreparedPart[];
  problems: { id: number; result: string }[];
}

/** What an alert's target compiles to for its owner, or why it can't be read. */
type Compiled = TargetMatch | { problem: string };

/**
 * The compiled targets of the alerts, kept between passes (parsing 1,000 queries and building their SQL took
 * 25–60 ms of each pass at 1M): keyed by alert id, valid while the key (the target's columns and the owner as
 * loaded in this pass: role, permissions, active) is the same, so a change of either compiles again. Alerts absent
 * from a pass are dropped.
 */
const compiledTargets = new Map<number, CompiledEntry>();

interface CompiledEntry {
  key: string;
  compiled: Compiled;
  /** Whether the values' tsquery is already the constant the database computed (resolveTsqueries). */
  resolved: boolean;
}

function compiledTarget(alert: MatchingAlertRow, owner: Owner | undefined): CompiledEntry {
  const key = JSON.stringify([
    alert.user_id,
    alert.query,
    alert.filters,
    alert.theme_id,
    alert.personal_theme_id,
    alert.personal_filters,
    alert.personal_user_id,
    alert.lom_group_id,
    owner ?? null,
  ]);
  const kept = compiledTargets.get(alert.id);
  if (kept?.key === key) return kept;
  let compiled: Compiled;
  try {
    if (!owner) throw new TargetProblem('Владелец не найден');
    compiled = targetMatch(alert, owner);
  } catch (error) {
    if (!(error instanceof TargetProblem)) throw error;
    compiled = { problem: error.message };
  }
  const entry = { key, compiled, resolved: false };
  compiledTargets.set(alert.id, entry);
  return entry;
}

/**
 * The tsqueries of newly compiled values computed once by the database and kept as constants: a statement of 500
 * alerts otherwise folds each one's search_tsquery calls again at every plan (about 14 ms). On failure they stay as
 * they are, and the statement that uses them finds the broken alert.
 */
async function resolveTsqueries(tx: Db, entries: readonly CompiledEntry[]): Promise<void> {
  const pending = entries.flatMap((entry) =>
    !entry.resolved && 'values' in entry.compiled && entry.compiled.values
      ? [{ entry, values: entry.compiled.values }]
      : [],
  );
  if (pending.length === 0) return;
  let texts: string[];
  try {
    texts = await tx.transaction((sp) =>
      tsqueryTexts(
        sp,
        pending.map((p) => p.values.tsquery),
      ),
    );
  } catch {
    return;
  }
  pending.forEach(({ entry, values }, i) => {
    entry.compiled = {
      ...(entry.compiled as TargetMatch),
      values: { ...values, tsquery: tsqueryConstant(texts[i]) },
    };
    entry.resolved = true;
  });
}

/** Each alert's part of the matching, or why it is skipped (the owner's rules, a target it can't read). */
async function prepare(tx: Db, alerts: readonly MatchingAlertRow[]): Promise<Prepared> {
  const owners = await loadOwners(
    tx,
    alerts.map((a) => a.user_id),
  );
  const present = new Set(alerts.map((a) => a.id));
  for (const id of compiledTargets.keys()) if (!present.has(id)) compiledTargets.delete(id);
  const entries = alerts.map((alert) => compiledTarget(alert, owners.get(alert.user_id)));
  await resolveTsqueries(tx, entries);
  const parts: PreparedPart[] = [];
  const problems: { id: number; result: string }[] = [];
  for (const [i, alert] of alerts.entries()) {
    const { compiled } = entries[i];
    if ('problem' in compiled) {
      problems.push({ id: alert.id, result: compiled.problem });
      continue;
    }
    if (alert.last_result?.includes(NOT_CHECKED)) problems.push({ id: alert.id, result: RESUMED });
    const counting = alert.kind !== 'new';
    // A counting alert without counted_since waits for its backfill, which reads these messages itself.
    if (counting && !alert.counted_since) continue;
    parts.push({
      alertId: alert.id,
      lists: !counting,
      since: counting ? new Date(alert.counted_since as Date) : null,
      condition: compiled.condition,
      values: compiled.values,
    });
  }
  return { parts, problems };
}

/**
 * One chunk in a savepoint; when its statement fails (a target the database refuses), each alert alone, so one
 * broken alert is skipped with the reason and the others are matched.
 */
async function matchChunk(
  tx: Db,
  chunk: readonly MatchPart[],
  problems: { id: number; result: string }[],
): Promise<{ listed: number; counted: number }> {
  try {
    return await tx.transaction((sp) => matchBatch(sp, chunk));
  } catch {
    const sum = { listed: 0, counted: 0 };
    for (const part of chunk) {
      try {
        const one = await tx.transaction((sp) => matchBatch(sp, [part]));
        sum.listed += one.listed;
        sum.counted += one.counted;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        problems.push({
          id: part.alertId,
          result: new TargetProblem(`Ошибка при проверке оповещения (${reason.slice(0, 200)})`).message,
        });
      }
    }
    return sum;
  }
}

/**
 * Alerts of one shape as values (matchValues) in a savepoint; when the statement fails, their branches
 * (matchChunk), which find the broken alert.
 */
async function matchValuesChunk(
  tx: Db,
  chunk: readonly PreparedPart[],
  problems: { id: number; result: string }[],
): Promise<{ listed: number; counted: number }> {
  try {
    return await tx.transaction((sp) =>
      matchValues(
        sp,
        chunk.map((part) => ({ ...part, values: part.values as TargetValues })),
      ),
    );
  } catch {
    return matchChunk(tx, chunk, problems);
  }
}

/**
 * The chunks of a pass, each all listing or all counting (recordMatches): the alerts with values grouped by shape
 * (valuesShape), and the others as branches.
 */
function chunksOf(
  parts: readonly PreparedPart[],
  chunkSize: number,
): { values: boolean; parts: PreparedPart[] }[] {
  const groups = new Map<string, PreparedPart[]>();
  for (const part of parts) {
    const key = `${part.lists}:${part.values ? valuesShape(part.values) : 'branches'}`;
    const group = groups.get(key);
    if (group) group.push(part);
    else groups.set(key, [part]);
  }
  return [...groups.values()].flatMap((group) => {
    const values = group[0].values !== null;
    const size = values ? VALUES_CHUNK : chunkSize;
    return Array.from({ length: Math.ceil(group.length / size) }, (_, i) => ({
      values,
      parts: group.slice(i * size, (i + 1) * size),
    }));
  });
}

/** One inbox pass: up to 20 batches, every unmuted alert; nothing to do answers zeros. */
export async function runInboxPass(db: Db, now: Date, chunkSize = MATCH_CHUNK): Promise<InboxPassResult> {
  return db.transaction(async (tx) => {
    await lockCountsShared(tx);
    const inbox = await takeInbox(tx, INBOX_ROWS);
    const result: InboxPassResult = { batches: inbox.length, messages: 0, listed: 0, counted: 0, skipped: 0 };
    if (inbox.length === 0) return result;
    const ids = [...new Set(inbox.flatMap((row) => row.message_ids))].sort((a, b) => a - b);
    result.messages = ids.length;
    const { parts, problems } = await prepare(tx, await matchingAlerts(tx));
    if (parts.length) await stageBatch(tx, ids);
    for (const chunk of chunksOf(parts, chunkSize)) {
      const sum = chunk.values
        ? await matchValuesChunk(tx, chunk.parts, problems)
        : await matchChunk(tx, chunk.parts, problems);
      result.listed += sum.listed;
      result.counted += sum.counted;
    }
    await setLastResults(tx, problems, now);
    result.skipped = problems.filter((p) => p.result !== RESUMED).length;
    await deleteInbox(
      tx,
      inbox.map((row) => row.id),
    );
    return result;
  });
}
