import {
  parseSearchQuery,
  positiveOperands,
  type SearchNode,
  type SearchOperand,
  upgradeSavedSearch,
} from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { messages, sources } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * The one compiler of the search language (docs/search.md): a parsed query becomes a condition over `messages`,
 * every operand a tsquery built by `search_tsquery` (migration 0038) from its words as parameters, so nothing a user
 * types is read as SQL or as tsquery syntax. Operands that the vector holds are combined into one tsquery (one GIN
 * scan); `source:` tests the platform directory instead.
 *
 * The vector's layers (message_search_vector): D stems of the texts, C their exact word forms, B the author's name,
 * A the address's domains.
 */

type Layer = { config: 'russian' | 'simple'; weight: '' | 'A' | 'B' | 'C' | 'D' };
const STEMS: Layer = { config: 'russian', weight: 'D' };
const EXACT: Layer = { config: 'simple', weight: 'C' };
const AUTHOR: Layer = { config: 'russian', weight: 'B' };
const DOMAIN: Layer = { config: 'simple', weight: 'A' };

/** What a search runs over: a search vector, and the platform column that source: tests (none: source: finds nothing). */
export interface SearchTarget {
  vector: SQL;
  sourceId: SQL | null;
}

/** The messages table with its stored vector and its GIN index (the usual target). */
export const MESSAGES_TARGET: SearchTarget = {
  vector: sql.raw(`"messages"."search_vector"`),
  sourceId: sql`${messages.sourceId}`,
};
const vector = MESSAGES_TARGET.vector;

/**
 * The configuration is written into the statement, not bound: a parameter cast to regconfig is only stable (it reads
 * search_path), which keeps the planner from folding the tsquery into a constant, so it would neither see the
 * lexemes' statistics nor stop recomputing the query for every row it walks.
 */
function tsquery(words: string, layer: Layer, prefix = false): SQL {
  return sql`search_tsquery(${words}, ${sql.raw(`'${layer.config}'::regconfig`)}, ${layer.weight}, ${prefix})`;
}

/** `https://www.news.ria.ru:443/a` → `news.ria.ru`: the host of an address as typed after url:. */
export function hostOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/?#]*@/, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '');
}

/**
 * Where an operand looks: bare words in the stems (every form), phrases and prefixes in the exact forms. Inside
 * NEAR both sides are stems, since proximity is measured within one layer's positions.
 */
function operandLayer(operand: SearchOperand, inNear: boolean): Layer {
  if (operand.field === 'author') return AUTHOR;
  if (operand.field === 'url') return DOMAIN;
  if (inNear) return STEMS;
  return operand.kind === 'phrase' || operand.prefix ? EXACT : STEMS;
}

function operandTsquery(operand: SearchOperand, inNear = false): SQL {
  const words = operand.field === 'url' ? hostOf(operand.text) : operand.text;
  return tsquery(words, operandLayer(operand, inNear), operand.kind === 'term' && operand.prefix);
}

/** source:telegram — a platform of the sources directory by name or host (t.me, vk, vk.com). */
function sourceCondition(text: string, sourceId: SQL | null): SQL {
  if (!sourceId) return sql`false`;
  const value = text.trim().toLowerCase();
  return sql`coalesce(${sourceId} in (select ${sources.id} from ${sources}
      where lower(${sources.name}) = ${value} or lower(${sources.host}) = ${value}
         or split_part(lower(${sources.host}), '.', 1) = ${value}), false)`;
}

/** A compiled node: one tsquery over the vector, or a condition of its own. */
type Piece = { ts: SQL } | { cond: SQL };

const conditionOf = (piece: Piece, target: SearchTarget): SQL =>
  'ts' in piece ? sql`${target.vector} @@ (${piece.ts})` : piece.cond;

function compile(node: SearchNode, target: SearchTarget): Piece {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return node.field === 'source'
        ? { cond: sourceCondition(node.text, target.sourceId) }
        : { ts: operandTsquery(node) };
    case 'near': {
      // Within n words in either order: <1> … <n> both ways (PostgreSQL's <n> is an exact distance).
      const left = operandTsquery(node.left, true);
      const right = operandTsquery(node.right, true);
      const options: SQL[] = [];
      for (let k = 1; k <= node.distance; k++)
        options.push(
          sql`tsquery_phrase(${left}, ${right}, ${k})`,
          sql`tsquery_phrase(${right}, ${left}, ${k})`,
        );
      return { ts: sql`(${sql.join(options, sql` || `)})` };
    }
    case 'not': {
      const inner = compile(node.child, target);
      return 'ts' in inner ? { ts: sql`!!(${inner.ts})` } : { cond: sql`not ${inner.cond}` };
    }
    case 'and':
    case 'or': {
      const pieces = node.children.map((child) => compile(child, target));
      const tsParts = pieces.flatMap((p) => ('ts' in p ? [p.ts] : []));
      const op = node.kind === 'and' ? sql` && ` : sql` || `;
      if (tsParts.length === pieces.length) return { ts: sql`(${sql.join(tsParts, op)})` };
      const conditions = pieces.flatMap((p) => ('cond' in p ? [p.cond] : []));
      if (tsParts.length) conditions.unshift(conditionOf({ ts: sql`(${sql.join(tsParts, op)})` }, target));
      return { cond: sql`(${sql.join(conditions, node.kind === 'and' ? sql` and ` : sql` or `)})` };
    }
  }
}

/** The parsed query of a filter's search, which its contracts schema has already validated. */
export function parsedSearch(search: string): SearchNode {
  const parsed = parseSearchQuery(search);
  if (!parsed.ok) throw badRequest(parsed.error.message, 'search');
  return parsed.query;
}

/** The condition of a search in the query language over `messages` (or another target). */
export function searchCondition(search: string, target: SearchTarget = MESSAGES_TARGET): SQL {
  return conditionOf(compile(parsedSearch(search), target), target);
}

/**
 * The tsquery of a search when the whole search is one (every operand in the vector, no `source:`), else null:
 * `searchCondition` is then exactly `vector @@ (it)`. The alert engine matches such searches as values, many
 * alerts in one statement (docs/alerts.md "Speed").
 */
export function searchTsquery(search: string): SQL | null {
  const piece = compile(parsedSearch(search), MESSAGES_TARGET);
  return 'ts' in piece ? piece.ts : null;
}

/**
 * A text searched as the query language though nobody typed it as such (an AI theme's name): as it is when it
 * parses, else its words as one phrase (contracts upgradeSavedSearch); null when it has nothing to find.
 */
export function lenientSearchCondition(text: string, target: SearchTarget = MESSAGES_TARGET): SQL | null {
  const search = upgradeSavedSearch(text);
  return search ? searchCondition(search, target) : null;
}

/** What the query finds, as one tsquery for ranking: its findable operands OR'd (fields of the vector only). */
function rankTsquery(query: SearchNode): SQL | null {
  const parts = positiveOperands(query)
    .filter((operand) => operand.field !== 'source')
    .map((operand) => operandTsquery(operand));
  return parts.length ? sql`(${sql.join(parts, sql` || `)})` : null;
}

/** Relevance of a message to a search (cover density over the query's findable words), for ordering. */
export function searchRank(search: string): SQL | null {
  const query = rankTsquery(parsedSearch(search));
  return query ? sql`ts_rank_cd(${vector}, ${query})` : null;
}

const HEADLINE = 'HighlightAll=true, StartSel=<mark>, StopSel=</mark>';

/**
 * The texts of the given messages with what a search found marked `<mark>…</mark>`: bare words in all their forms
 * (ts_headline with the russian configuration), phrases and prefixes in their exact forms (the simple one), never
 * what it excludes. Keyed by message id; a message with nothing to mark keeps its text.
 */
export async function highlightedTexts(
  db: Db,
  ids: readonly number[],
  search: string,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const operands = positiveOperands(parsedSearch(search)).filter((o) => o.field === 'text');
  const stems = operands.filter((o) => operandLayer(o, false) === STEMS);
  const exact = operands.filter((o) => operandLayer(o, false) === EXACT);
  const unweighted = (list: SearchOperand[], config: Layer['config']) =>
    list.length
      ? sql`(${sql.join(
          list.map((o) => tsquery(o.text, { config, weight: '' }, o.kind === 'term' && o.prefix)),
          sql` || `,
        )})`
      : null;
  let text: SQL = sql`${messages.text}`;
  const stemQuery = unweighted(stems, 'russian');
  const exactQuery = unweighted(exact, 'simple');
  if (stemQuery) text = sql`ts_headline('russian', ${text}, ${stemQuery}, ${HEADLINE})`;
  if (exactQuery) text = sql`ts_headline('simple', ${text}, ${exactQuery}, ${HEADLINE})`;
  const rows = await queryRows<{ id: number; text: string }>(
    db,
    sql`select ${messages.id} as id, ${text} as text from ${messages}
         where ${messages.id} = any(${sql.param([...ids])}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.text]));
}

/** No search runs longer than this (docs/search.md "Limits"). */
export const SEARCH_TIMEOUT_MS = 2000;

export const SEARCH_TIMEOUT_MESSAGE =
  'Поиск занял больше 2 секунд и был остановлен: уточните запрос или сократите период';

/** PostgreSQL's query_canceled, which a statement timeout raises. */
function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '57014') return true;
  return false;
}

/**
 * Runs the statements of a search under SEARCH_TIMEOUT_MS (a transaction with a local statement_timeout), so that
 * no query of the language holds a connection for long; past it the search is refused with 400 naming `search`,
 * or `onTimeout` answers instead. Without a search it runs as it is.
 */
export async function withSearchTimeout<T>(
  db: Db,
  search: string | undefined,
  run: (db: Db) => Promise<T>,
  onTimeout?: () => Promise<T>,
): Promise<T> {
  if (!search) return run(db);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(SEARCH_TIMEOUT_MS)}, true)`);
      return run(tx);
    });
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    if (onTimeout) return onTimeout();
    throw badRequest(SEARCH_TIMEOUT_MESSAGE, 'search');
  }
}
