import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  deleteInbox,
  lockCountsShared,
  type MatchingAlertRow,
  type MatchPart,
  matchBatch,
  matchingAlerts,
  setLastResults,
  stageBatch,
  takeInbox,
} from './inbox-queries.ts';
import { NOT_CHECKED, TargetProblem } from './target.ts';
import { loadOwners, targetCondition } from './target-queries.ts';

// The inbox pass (docs/alerts.md "Engine"): the batches committed since the last pass, matched from their own rows
// against every unmuted alert in a few statements, in one transaction with the inbox rows' deletion.

/** Alerts per matching statement. */
export const MATCH_CHUNK = 100;
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

interface Prepared {
  parts: MatchPart[];
  problems: { id: number; result: string }[];
}

/** Each alert's part of the matching, or why it is skipped (the owner's rules, a target it can't read). */
async function prepare(tx: Db, alerts: readonly MatchingAlertRow[]): Promise<Prepared> {
  const owners = await loadOwners(
    tx,
    alerts.map((a) => a.user_id),
  );
  const parts: MatchPart[] = [];
  const problems: { id: number; result: string }[] = [];
  for (const alert of alerts) {
    const owner = owners.get(alert.user_id);
    let condition: SQL;
    try {
      if (!owner) throw new TargetProblem('Владелец не найден');
      condition = targetCondition(alert, owner);
    } catch (error) {
      if (!(error instanceof TargetProblem)) throw error;
      problems.push({ id: alert.id, result: error.message });
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
      condition,
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
    for (let i = 0; i < parts.length; i += chunkSize) {
      const sum = await matchChunk(tx, parts.slice(i, i + chunkSize), problems);
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
