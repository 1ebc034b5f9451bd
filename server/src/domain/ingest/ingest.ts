import {
  ACTION_TYPE,
  type IngestError,
  type IngestLine,
  type IngestResult,
  parseIngestLine,
  parseIngestValue,
  sourceUrlKey,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../action-log-queries.ts';
import { lockLomAggregates, refreshAggregates } from '../aggregates/rollup-queries.ts';
import { newMessageSuggester } from '../ai-themes/suggest.ts';
import { queueForAlerts } from '../alerts/inbox-queries.ts';
import { findSourcesByKey } from '../editing/lom-source-queries.ts';
import { moodPredictor } from '../mood-model/index.ts';
import { words } from '../text/tokens.ts';
import { type LinkItem, link, MAX_DUPLICATES, printsOf } from './link.ts';
import * as q from './queries.ts';

// Message ingestion (docs/ingestion.md): the API and `npm run ingest` call ingestLines, the collectors
// (docs/collectors.md) ingestValues; one batch a call, one write path.

export interface NumberedLine {
  /** 1-based line number in the body or file. */
  line: number;
  text: string;
}

interface Item {
  line: number;
  value: IngestLine;
  sourceId: number;
  ref: string;
}

/** The lines of a body, numbered from 1; blank lines are skipped (a trailing newline is no line). */
export function numberedLines(body: string, first = 1): NumberedLine[] {
  const out: NumberedLine[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (text.trim() !== '') out.push({ line: first + i, text });
  }
  return out;
}

/** A platform by its name or host, any case. */
function sourceResolver(sources: readonly q.SourceRow[]): (name: string) => number | undefined {
  const byName = new Map<string, number>();
  for (const s of sources) {
    byName.set(s.name.toLowerCase(), s.id);
    if (s.host) byName.set(s.host.toLowerCase(), s.id);
  }
  return (name) =>
    byName.get(
      name
        .trim()
        .toLowerCase()
        .replace(/^www\./, ''),
    );
}

/**
 * Stores one batch of NDJSON lines: each parsed as JSON and checked by the schema, then ingestValues. A refused line
 * is reported with its number and reason.
 */
export function ingestLines(db: Db, userId: number, lines: readonly NumberedLine[]): Promise<IngestResult> {
  const errors: IngestError[] = [];
  const parsed: { line: number; value: IngestLine }[] = [];
  for (const { line, text } of lines) {
    const result = parseIngestLine(text, line);
    if (result.ok) parsed.push({ line, value: result.value });
    else errors.push(result.error);
  }
  return storeParsed(db, userId, lines.length, parsed, errors);
}

/**
 * Stores one batch of messages already in hand as values (a collector's items, docs/collectors.md): each checked
 * by the schema of a line, then stored as ingestLines stores them. The one write path of messages that arrive from
 * outside: dedupe by (source, external id), copies and near-duplicates, the mood model's marks, theme
 * suggestions, rollups, the action log and the alerts' inbox. `userId` is null for a scheduled collection.
 */
export function ingestValues(
  db: Db,
  userId: number | null,
  items: readonly { line: number; raw: unknown }[],
): Promise<IngestResult> {
  const errors: IngestError[] = [];
  const parsed: { line: number; value: IngestLine }[] = [];
  for (const { line, raw } of items) {
    const result = parseIngestValue(raw, line);
    if (result.ok) parsed.push({ line, value: result.value });
    else errors.push(result.error);
  }
  return storeParsed(db, userId, items.length, parsed, errors);
}

/**
 * Stores the valid messages of a batch in one transaction (all or nothing); `errors` holds the refused ones.
 * Idempotent on (source, external id): a message sent again takes the new metrics.
 */
async function storeParsed(
  db: Db,
  userId: number | null,
  received: number,
  parsed: readonly { line: number; value: IngestLine }[],
  errors: IngestError[],
): Promise<IngestResult> {
  const result: IngestResult = {
    received,
    created: 0,
    updated: 0,
    rejected: 0,
    linked_copies: 0,
    marked_by_ai: 0,
    themes_suggested: 0,
    errors,
  };
  if (parsed.length > 0) {
    await db.transaction(async (tx) => {
      const counts = await storeBatch(tx, userId, parsed, errors);
      Object.assign(result, counts);
    });
  }
  errors.sort((a, b) => a.line - b.line);
  result.rejected = errors.length;
  return result;
}

async function storeBatch(
  tx: Db,
  userId: number | null,
  parsed: readonly { line: number; value: IngestLine }[],
  errors: IngestError[],
): Promise<
  Pick<IngestResult, 'created' | 'updated' | 'linked_copies' | 'marked_by_ai' | 'themes_suggested'>
> {
  await q.lockIngest(tx);
  const resolve = sourceResolver(await q.listSources(tx));
  // One item per (source, external id): a later line of the same message replaces an earlier one.
  const byRef = new Map<string, Item>();
  for (const { line, value } of parsed) {
    const sourceId = resolve(value.source);
    if (sourceId === undefined) {
      errors.push({
        line,
        field: 'source',
        message: `источник (source): неизвестная площадка «${value.source}»`,
      });
      continue;
    }
    const ref = `${sourceId}|${value.external_id}`;
    byRef.delete(ref);
    byRef.set(ref, { line, value, sourceId, ref });
  }
  let items = [...byRef.values()];

  const givenLoms = new Map((await q.findLoms(tx, lomIdsOf(items))).map((l) => [l.id, l]));
  items = items.filter((item) => {
    const id = item.value.lom_id;
    if (id == null || givenLoms.has(id)) return true;
    errors.push({ line: item.line, field: 'lom_id', message: `ЛОМ (lom_id): ЛОМ ${id} не найден` });
    return false;
  });

  const accounts = await resolveAccounts(tx, items);
  const lomIds = new Set<number>(lomIdsOf(items));
  for (const a of accounts.values()) if (a.lomId !== null) lomIds.add(a.lomId);
  const loms = new Map((await q.findLoms(tx, [...lomIds])).map((l) => [l.id, l]));

  const stored = await q.findByExternalIds(tx, [
    ...items.map((i) => ({ sourceId: i.sourceId, externalId: i.value.external_id })),
    ...items.flatMap((i) => (i.value.copy_of ? [{ sourceId: i.sourceId, externalId: i.value.copy_of }] : [])),
  ]);
  const storedByRef = new Map(stored.map((s) => [`${s.source_id}|${s.external_id}`, s]));
  const fresh = items.filter((i) => !storedByRef.has(i.ref));
  const ids = await q.nextMessageIds(tx, fresh.length);
  const idOf = new Map(fresh.map((item, n) => [item.ref, ids[n]]));

  const linkItems: LinkItem[] = items.map((i) => ({
    id: idOf.get(i.ref) ?? (storedByRef.get(i.ref)?.id as number),
    isNew: idOf.has(i.ref),
    ref: i.ref,
    copyOf: i.value.copy_of ? `${i.sourceId}|${i.value.copy_of}` : null,
    text: i.value.text,
    url: i.value.url ?? null,
    wroteAt: Date.parse(i.value.wrote_at),
  }));
  // The new texts' words, once, for the near-duplicate prints (the mood model reads its own social tokens).
  const newItems = linkItems.filter((l) => l.isNew);
  const wordsById = new Map(newItems.map((l) => [l.id, words(l.text)]));
  const prints = printsOf(linkItems, (l) => wordsById.get(l.id) ?? words(l.text));
  // The new messages get the mood model's marks as they are inserted (docs/mood-model.md): no second write. The
  // model is fetched first; the marks are computed while the candidate look-up is on the database (sent when the
  // event loop turns, as for the insert below).
  const predict = await moodPredictor(tx);
  // In key order: neighbouring probes of the band index then read neighbouring pages.
  const looking = q.findCandidates(
    tx,
    [...new Set([...prints.values()].flatMap((p) => p.keys))].sort((a, b) => a - b),
  );
  looking.catch(() => {});
  await new Promise((resolve) => setImmediate(resolve));
  const moods = predict(newItems.map((l) => l.text));
  const candidates = await looking;
  const links = link(
    linkItems,
    prints,
    new Map(stored.map((s) => [`${s.source_id}|${s.external_id}`, { id: s.id, copyFromId: s.copy_from_id }])),
    candidates.map((c) => ({
      keys: c.keys,
      id: c.id,
      shingles: c.shingles,
      text: c.text,
      url: c.url,
      wroteAt: new Date(c.wrote_at).getTime(),
      copyFromId: c.copy_from_id,
    })),
  );
  const moodIndex = new Map(newItems.map((l, k) => [l.id, k]));
  const rows: q.MessageRow[] = items.map((item, n) => {
    const v = item.value;
    const mood = moodIndex.get(linkItems[n].id);
    const account = v.lom_source_url ? accounts.get(sourceUrlKey(v.lom_source_url)) : undefined;
    const lomId = v.lom_id ?? account?.lomId ?? null;
    const lom = lomId === null ? undefined : loms.get(lomId);
    const own = links.byId.get(linkItems[n].id);
    return {
      id: linkItems[n].id,
      sourceId: item.sourceId,
      externalId: v.external_id,
      url: v.url ?? null,
      lomId,
      lomSourceId: account?.id ?? null,
      lomName: v.author?.trim() || lom?.name || null,
      regionId: lom?.region_id ?? null,
      cityId: lom?.city_id ?? null,
      text: v.text,
      wroteAt: v.wrote_at,
      type: v.type,
      views: v.views,
      reposts: v.reposts,
      comments: v.comments,
      media: JSON.stringify(v.media),
      screenshots: JSON.stringify(v.screenshots),
      duplicates: JSON.stringify(own?.duplicates ?? []),
      copyFromId: own?.copyFromId ?? null,
      moodAi: mood === undefined ? null : moods.moods[mood],
      moodAiConfidence: mood === undefined ? null : moods.confidences[mood],
    };
  });

  // The regional lock, then the loms' aggregate locks, before any lom's row (docs/aggregates.md "Lock order").
  const touchedLoms = [
    ...new Set([...rows.flatMap((r) => (r.lomId === null ? [] : [r.lomId])), ...lomsOf(stored)]),
  ];
  // The centroids of the AI themes' suggestions, read (or built, when cold) before the writes.
  const suggester = await newMessageSuggester(tx);
  await lockLomAggregates(tx, touchedLoms);
  // New messages in one insert; stored ones take their new metrics in one update of those columns alone (no
  // texts sent again, no insert attempted and refused by the unique index).
  const isNew = new Set(newItems.map((l) => l.id));
  // Both statements give viral_per_cent themselves, once per (lom, day), with its row trigger standing aside.
  const { inserted, updated, scored } = await q.withViralGiven(tx, async () => {
    const storing = Promise.all([
      q.upsertMessages(
        tx,
        rows.filter((r) => isNew.has(r.id)),
      ),
      q.updateStoredMessages(
        tx,
        rows.filter((r) => !isNew.has(r.id)),
      ),
    ]);
    // Awaited below; a synchronous throw before that leaves no rejection unhandled.
    storing.catch(() => {});
    // While the database stores them, the new messages are scored against the approved themes they may resemble
    // (docs/ai-themes.md "Suggestions": the texts are in hand, nothing is read back). The statements are sent once
    // the event loop turns (the driver's own awaits), so it turns once before the scoring takes the thread.
    await new Promise((resolve) => setImmediate(resolve));
    const scored = suggester.score(newItems.map((l) => ({ id: l.id, text: l.text })));
    const [inserted, updated] = await storing;
    return { inserted, updated, scored };
  });
  const written = [...inserted, ...updated];
  await q.insertBands(tx, links.keys, links.keyIds);
  await q.insertShingles(tx, links.shingleIds, links.shingleSets);
  await q.appendDuplicates(tx, links.additions, MAX_DUPLICATES);
  // The suggestions become AI markups for an editor to confirm, of the messages this batch inserted.
  const insertedIds = new Set(inserted.filter((w) => w.inserted).map((w) => w.id));
  const suggestions = await suggester.write(scored.filter((x) => insertedIds.has(x.messageId)));
  // The new messages wait for the alert engine, committed with them (docs/alerts.md "Engine").
  await queueForAlerts(tx, [...insertedIds]);

  await refreshAggregates(tx, {
    lomIds: touchedLoms,
    newsIds: [...new Set(stored.flatMap((s) => (s.news_id === null ? [] : [s.news_id])))],
  });
  const created = written.filter((w) => w.inserted).length;
  const counts = {
    created,
    updated: written.length - created,
    linked_copies: links.linked,
    marked_by_ai: rows.filter((r) => r.moodAi != null).length,
    themes_suggested: suggestions.length,
  };
  await logAction(tx, {
    userId,
    type: ACTION_TYPE.import,
    action: 'message.ingest',
    newValue: { ...counts, rejected: errors.length },
  });
  return counts;
}

function lomIdsOf(items: readonly Item[]): number[] {
  return [...new Set(items.flatMap((i) => (i.value.lom_id == null ? [] : [i.value.lom_id])))];
}

function lomsOf(stored: readonly q.ExistingMessage[]): number[] {
  return stored.flatMap((s) => (s.lom_id === null ? [] : [s.lom_id]));
}

/**
 * The accounts of the batch by address key: a known one (bound or not) is used as it is; an unknown one is
 * created without a lom, named after its author, so it waits in /admin-panel/sources for load-probable-loms.
 */
async function resolveAccounts(
  tx: Db,
  items: readonly Item[],
): Promise<Map<string, { id: number; lomId: number | null }>> {
  const first = new Map<string, { url: string; sourceId: number; accountName: string | null }>();
  for (const { value, sourceId } of items) {
    if (!value.lom_source_url) continue;
    const key = sourceUrlKey(value.lom_source_url);
    if (!first.has(key)) {
      first.set(key, {
        url: value.lom_source_url.trim(),
        sourceId,
        accountName: value.author?.trim() || null,
      });
    }
  }
  const found = await findSourcesByKey(tx, [...first.keys()]);
  const out = new Map<string, { id: number; lomId: number | null }>();
  for (const [key, s] of found) out.set(key, { id: s.sourceId, lomId: s.lomId });
  const missing = [...first].filter(([key]) => !found.has(key));
  const created = await q.insertUnlinkedSources(
    tx,
    missing.map(([, row]) => row),
  );
  missing.forEach(([key], n) => {
    out.set(key, { id: created[n], lomId: null });
  });
  return out;
}
