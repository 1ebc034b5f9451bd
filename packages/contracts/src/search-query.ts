import { formatNumber } from './format.ts';
import { SEARCH_STOP_WORDS } from './search-stop-words.ts';

/**
 * The message search language (docs/search.md): words in all their forms, "exact phrases", AND / OR / NOT (and
 * their Russian names И, ИЛИ, НЕ, and `|`, `-`), parentheses, `prefix*`, `a NEAR/5 b` (РЯДОМ/5), and the fields
 * `author:`, `source:` and `url:`. The browser and the server parse with this same code: the browser shows an error
 * before it sends, and the server compiles the tree to full-text SQL (server/src/domain/search/).
 */

export const SEARCH_LIMITS = {
  /** Characters of a query. */
  maxLength: 2000,
  /** Words and phrases of a query. */
  maxTerms: 64,
  /** The largest distance of NEAR. */
  maxNear: 20,
  /** Letters before the `*` of a prefix. */
  minPrefixLetters: 3,
  /** Parentheses and NOTs inside each other. */
  maxDepth: 32,
} as const;

/** What a term looks in: the message's texts (bare words), its author's name, its platform, its address's domain. */
export type SearchField = 'text' | 'author' | 'source' | 'url';

/** Field names as typed before the colon, Latin and Russian. */
const FIELD_NAMES: Readonly<Record<string, SearchField>> = {
  author: 'author',
  автор: 'author',
  source: 'source',
  источник: 'source',
  url: 'url',
  адрес: 'url',
};

export interface SearchTerm {
  kind: 'term';
  field: SearchField;
  /** As typed, without the field name and the `*`. */
  text: string;
  /** `газпром*`: words that begin with text. */
  prefix: boolean;
  /** 0-based offsets of the term in the query, end exclusive. */
  start: number;
  end: number;
}

export interface SearchPhrase {
  kind: 'phrase';
  field: SearchField;
  /** The words between the quotes. */
  text: string;
  start: number;
  end: number;
}

export type SearchOperand = SearchTerm | SearchPhrase;

export type SearchNode =
  | SearchOperand
  | { kind: 'and'; children: SearchNode[] }
  | { kind: 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  | { kind: 'near'; distance: number; left: SearchOperand; right: SearchOperand };

export interface SearchQueryError {
  /** Russian, ending with the position: «Не закрыта кавычка, позиция 9». */
  message: string;
  /** 1-based position in the query (UTF-16 code units, as a text box counts). */
  position: number;
  /** How many characters from position the error covers (at least 1). */
  length: number;
}

export type SearchParseResult = { ok: true; query: SearchNode } | { ok: false; error: SearchQueryError };

type TokenKind = 'word' | 'phrase' | 'and' | 'or' | 'not' | 'near' | 'open' | 'close';

interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** word: the text (field and `*` removed); phrase: the words between quotes. */
  text?: string;
  field?: SearchField;
  prefix?: boolean;
  /** near: the distance. */
  distance?: number;
}

class QueryError extends Error {
  constructor(
    readonly reason: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(reason);
  }
}

const KEYWORDS: Readonly<Record<string, TokenKind>> = {
  AND: 'and',
  И: 'and',
  OR: 'or',
  ИЛИ: 'or',
  NOT: 'not',
  НЕ: 'not',
};
const NEAR = /^(NEAR|РЯДОМ)(?:\/(.*))?$/;
/** Characters that end a bare word: space, parentheses, quotes, `|`. */
const BREAK = /[\s()"|]/;

/** Letters and digits of a text: what a word search can find. */
export function searchWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replaceAll('ё', 'е')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

function readPhrase(input: string, quote: number): { text: string; end: number } {
  const close = input.indexOf('"', quote + 1);
  if (close < 0) throw new QueryError('Не закрыта кавычка', quote, input.length);
  const text = input.slice(quote + 1, close);
  if (!text.trim()) throw new QueryError('Пустая фраза в кавычках', quote, close + 1);
  return { text, end: close + 1 };
}

function nearToken(keyword: string, arg: string | undefined, start: number, end: number): Token {
  if (arg === undefined || arg === '')
    throw new QueryError(`После ${keyword} нужно расстояние в словах: ${keyword}/5`, start, end);
  if (!/^\d+$/.test(arg))
    throw new QueryError(`Расстояние ${keyword} — число от 1 до ${SEARCH_LIMITS.maxNear}`, start, end);
  const distance = Number(arg);
  if (distance < 1 || distance > SEARCH_LIMITS.maxNear)
    throw new QueryError(`Расстояние ${keyword} — от 1 до ${SEARCH_LIMITS.maxNear} слов`, start, end);
  return { kind: 'near', start, end, distance };
}

function wordToken(raw: string, start: number, end: number): Token {
  const colon = raw.indexOf(':');
  const field = colon > 0 ? FIELD_NAMES[raw.slice(0, colon).toLowerCase()] : undefined;
  let text = field ? raw.slice(colon + 1) : raw;
  if (field && !text) throw new QueryError(`После ${raw} нужно значение`, start, end);
  const prefix = text.endsWith('*');
  if (prefix) {
    text = text.replace(/\*+$/, '');
    const letters = searchWords(text).join('').length;
    if (letters < SEARCH_LIMITS.minPrefixLetters)
      throw new QueryError(`Перед * нужно не меньше ${SEARCH_LIMITS.minPrefixLetters} букв`, start, end);
  }
  return { kind: 'word', start, end, text, field: field ?? 'text', prefix };
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', start: i, end: i + 1 });
      i += 1;
    } else if (c === '|') {
      tokens.push({ kind: 'or', start: i, end: i + 1 });
      i += 1;
    } else if (c === '"') {
      const { text, end } = readPhrase(input, i);
      tokens.push({ kind: 'phrase', start: i, end, text, field: 'text' });
      i = end;
    } else if (c === '-' && i + 1 < input.length && !/[\s)|]/.test(input[i + 1])) {
      // `-реклама`, `-"фраза"`, `-(…)`: a minus glued to what follows excludes it.
      tokens.push({ kind: 'not', start: i, end: i + 1 });
      i += 1;
    } else {
      let end = i;
      while (end < input.length && !BREAK.test(input[end])) end += 1;
      const raw = input.slice(i, end);
      const field = raw.endsWith(':') ? FIELD_NAMES[raw.slice(0, -1).toLowerCase()] : undefined;
      if (field && input[end] === '"') {
        // author:"Анна Иванова"
        const phrase = readPhrase(input, end);
        tokens.push({ kind: 'phrase', start: i, end: phrase.end, text: phrase.text, field });
        i = phrase.end;
        continue;
      }
      const keyword = KEYWORDS[raw];
      const near = NEAR.exec(raw);
      if (keyword) tokens.push({ kind: keyword, start: i, end });
      else if (near) tokens.push(nearToken(near[1], near[2], i, end));
      else tokens.push(wordToken(raw, i, end));
      i = end;
    }
  }
  return tokens;
}

const OPERATOR_NAMES: Partial<Record<TokenKind, string>> = { and: 'AND', or: 'OR', not: 'NOT', near: 'NEAR' };

/** Recursive descent: or := and (OR and)*; and := unary ([AND] unary)*; unary := NOT unary | near. */
class Parser {
  private at = 0;
  private depth = 0;
  terms = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly input: string,
  ) {}

  parse(): SearchNode {
    const node = this.or();
    const extra = this.tokens[this.at];
    if (extra) {
      if (extra.kind === 'close') throw new QueryError('Лишняя закрывающая скобка', extra.start, extra.end);
      throw new QueryError('Неожиданный оператор', extra.start, extra.end);
    }
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private or(): SearchNode {
    const children = [this.and()];
    while (this.peek()?.kind === 'or') {
      const op = this.tokens[this.at++];
      children.push(this.operand(op, () => this.and()));
    }
    return children.length === 1 ? children[0] : { kind: 'or', children };
  }

  private and(): SearchNode {
    const children = [this.unary()];
    for (;;) {
      const next = this.peek();
      if (!next || next.kind === 'or' || next.kind === 'close') break;
      if (next.kind === 'and') {
        this.at += 1;
        children.push(this.operand(next, () => this.unary()));
      } else {
        children.push(this.unary());
      }
    }
    return children.length === 1 ? children[0] : { kind: 'and', children };
  }

  /** What follows a binary or unary operator; an end, `)` or another operator there is an error at op. */
  private operand(op: Token, read: () => SearchNode): SearchNode {
    const next = this.peek();
    const name = OPERATOR_NAMES[op.kind] ?? this.input.slice(op.start, op.end);
    if (!next || next.kind === 'close' || next.kind === 'or' || next.kind === 'and' || next.kind === 'near')
      throw new QueryError(`После ${name} нужно слово или выражение`, op.start, op.end);
    return read();
  }

  private unary(): SearchNode {
    const token = this.peek();
    if (token?.kind === 'not') {
      this.at += 1;
      return { kind: 'not', child: this.nested(token, () => this.operand(token, () => this.unary())) };
    }
    return this.near();
  }

  /** Reads one level deeper, refusing past SEARCH_LIMITS.maxDepth (no query may exhaust the stack). */
  private nested(token: Token, read: () => SearchNode): SearchNode {
    this.depth += 1;
    if (this.depth > SEARCH_LIMITS.maxDepth)
      throw new QueryError(
        `Больше ${SEARCH_LIMITS.maxDepth} уровней скобок и исключений`,
        token.start,
        token.end,
      );
    const node = read();
    this.depth -= 1;
    return node;
  }

  private near(): SearchNode {
    const left = this.primary();
    const op = this.peek();
    if (op?.kind !== 'near') return left;
    this.at += 1;
    const right = this.operand(op, () => this.primary());
    if (!isOperand(left) || !isOperand(right))
      throw new QueryError('NEAR соединяет два слова или две фразы', op.start, op.end);
    for (const side of [left, right])
      if (side.field !== 'text')
        throw new QueryError(
          'NEAR ищет только в тексте сообщения, без author:, source: и url:',
          side.start,
          side.end,
        );
    if (this.peek()?.kind === 'near') {
      const next = this.tokens[this.at];
      throw new QueryError(
        'NEAR соединяет только два слова: разбейте цепочку на части с AND',
        next.start,
        next.end,
      );
    }
    return { kind: 'near', distance: op.distance ?? 1, left, right };
  }

  private primary(): SearchNode {
    const token = this.peek();
    if (!token) {
      const last = this.tokens[this.at - 1];
      throw new QueryError('Запрос оборвался', last?.start ?? 0, last?.end ?? 1);
    }
    this.at += 1;
    switch (token.kind) {
      case 'word':
      case 'phrase':
        this.terms += 1;
        if (this.terms > SEARCH_LIMITS.maxTerms)
          throw new QueryError(
            `В запросе больше ${SEARCH_LIMITS.maxTerms} слов и фраз`,
            token.start,
            token.end,
          );
        return operandOf(token);
      case 'open': {
        if (this.peek()?.kind === 'close')
          throw new QueryError('Пустые скобки', token.start, this.peek()!.end);
        const inner = this.nested(token, () => this.or());
        const close = this.peek();
        if (close?.kind !== 'close') throw new QueryError('Не закрыта скобка', token.start, token.end);
        this.at += 1;
        return inner;
      }
      case 'close':
        throw new QueryError('Лишняя закрывающая скобка', token.start, token.end);
      default:
        throw new QueryError(
          `${OPERATOR_NAMES[token.kind] ?? 'Оператор'} не может стоять здесь: перед ним нужно слово`,
          token.start,
          token.end,
        );
    }
  }
}

function operandOf(token: Token): SearchOperand {
  const base = { field: token.field ?? 'text', text: token.text ?? '', start: token.start, end: token.end };
  return token.kind === 'phrase'
    ? { kind: 'phrase', ...base }
    : { kind: 'term', ...base, prefix: !!token.prefix };
}

function isOperand(node: SearchNode): node is SearchOperand {
  return node.kind === 'term' || node.kind === 'phrase';
}

/** Whether an operand finds anything: letters or digits, and for a single word of the texts not a stop word. */
export function isFindable(operand: SearchOperand): boolean {
  const words = searchWords(operand.text);
  if (words.length === 0) return false;
  if (operand.kind === 'phrase' || operand.prefix) return true;
  if (operand.field === 'source' || operand.field === 'url') return true;
  return words.some((word) => !SEARCH_STOP_WORDS.has(word));
}

type Polarity = 'positive' | 'negative' | 'empty';

/** What a node contributes: something to find, only exclusions, or nothing (stop words, symbols). */
function polarity(node: SearchNode): Polarity {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return isFindable(node) ? 'positive' : 'empty';
    case 'near':
      for (const side of [node.left, node.right])
        if (!isFindable(side))
          throw new QueryError('У NEAR с обеих сторон должны быть слова для поиска', side.start, side.end);
      return 'positive';
    case 'not': {
      const inner = polarity(node.child);
      return inner === 'positive' ? 'negative' : inner === 'negative' ? 'positive' : 'empty';
    }
    case 'and': {
      const parts = node.children.map(polarity);
      if (parts.includes('positive')) return 'positive';
      return parts.includes('negative') ? 'negative' : 'empty';
    }
    case 'or': {
      const parts = node.children.map(polarity);
      const negative = node.children.find((_, i) => parts[i] === 'negative');
      if (negative) {
        const { start, end } = span(negative);
        throw new QueryError(
          'Часть OR состоит из одних исключений: добавьте в неё слово для поиска',
          start,
          end,
        );
      }
      return parts.includes('positive') ? 'positive' : 'empty';
    }
  }
}

/** The offsets a node covers in the query. */
export function span(node: SearchNode): { start: number; end: number } {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return { start: node.start, end: node.end };
    case 'near':
      return { start: node.left.start, end: node.right.end };
    case 'not': {
      const inner = span(node.child);
      return { start: Math.max(0, inner.start - 1), end: inner.end };
    }
    case 'and':
    case 'or': {
      const first = span(node.children[0]);
      const last = span(node.children[node.children.length - 1]);
      return { start: first.start, end: last.end };
    }
  }
}

function failure(reason: string, start: number, end: number): SearchParseResult {
  const position = start + 1;
  return {
    ok: false,
    error: { message: `${reason}, позиция ${position}`, position, length: Math.max(1, end - start) },
  };
}

/**
 * Parses a query of the search language. Never throws: a malformed query gives its Russian message and position.
 * The query is taken as it is (the caller trims); an empty one is an error too, since it has nothing to find.
 */
export function parseSearchQuery(input: string): SearchParseResult {
  if (input.length > SEARCH_LIMITS.maxLength)
    return failure(
      `Запрос длиннее ${formatNumber(SEARCH_LIMITS.maxLength)} символов`,
      SEARCH_LIMITS.maxLength,
      input.length,
    );
  try {
    const tokens = tokenize(input);
    if (tokens.length === 0) return failure('Пустой запрос', 0, 1);
    const parser = new Parser(tokens, input);
    const query = parser.parse();
    const kind = polarity(query);
    if (kind === 'negative')
      return failure('В запросе одни исключения: добавьте слово, которое нужно найти', 0, input.length);
    if (kind === 'empty')
      return failure('В запросе нет слов для поиска: только служебные слова или символы', 0, input.length);
    return { ok: true, query };
  } catch (error) {
    if (error instanceof QueryError) return failure(error.reason, error.start, error.end);
    throw error;
  }
}

/**
 * A search saved before the query language (a personal theme's or a dashboard's filters), which was a substring of
 * the text: kept when it parses; else its words as one phrase (in order, adjacent, as the substring had them); else
 * nothing, so that an old saved filter still opens.
 */
export function upgradeSavedSearch(search: unknown): string | undefined {
  if (typeof search !== 'string' || !search.trim()) return undefined;
  const text = search.trim().slice(0, SEARCH_LIMITS.maxLength);
  if (parseSearchQuery(text).ok) return text;
  const words = searchWords(text).slice(0, SEARCH_LIMITS.maxTerms);
  return words.length ? `"${words.join(' ')}"` : undefined;
}

/** The operands of a query that find messages (not under NOT), for highlighting. */
export function positiveOperands(node: SearchNode, negated = false): SearchOperand[] {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return negated ? [] : [node];
    case 'near':
      return negated ? [] : [node.left, node.right];
    case 'not':
      return positiveOperands(node.child, !negated);
    case 'and':
    case 'or':
      return node.children.flatMap((child) => positiveOperands(child, negated));
  }
}
