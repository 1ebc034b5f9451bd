import { XMLValidator } from 'fast-xml-parser';
import { parseFeed } from 'feedsmith';
import iconv from 'iconv-lite';
import { feedText, htmlText } from './html-text.ts';

// RSS 2.0, RSS 1.0 (RDF) and Atom feeds, YouTube channel feeds among them (issue 31, docs/collectors.md): the bytes
// decoded in the feed's declared encoding, checked as XML, parsed by feedsmith (a library made for feeds), and turned
// into items the ingestion takes. No database, no network: the collector fetches, this reads.

/** Items of one feed kept at most: the newest, by date (a feed of 50,000 items is cut, not refused). */
export const MAX_FEED_ITEMS = 500;

/** A feed's item, ready for the ingestion. */
export interface FeedItem {
  /** The item's own id: guid, Atom id, else its link. */
  externalId: string;
  url: string | null;
  title: string | null;
  /** The title and the text, markup dropped, line breaks kept. */
  text: string;
  wroteAt: Date | null;
  author: string | null;
  /** Links of attached media (enclosures, media:content, YouTube thumbnails). */
  media: string[];
  /** Views where the feed tells them (Media RSS statistics: YouTube), else null. */
  views: number | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf';
  title: string | null;
  items: FeedItem[];
  /** Items past MAX_FEED_ITEMS left out (the oldest). */
  skipped: number;
}

/** A feed that cannot be read, with the Russian reason the feed keeps as its last error. */
export class FeedParseError extends Error {}

const ENCODING_IN_PROLOG = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/** The charset of a Content-Type header (`text/xml; charset=windows-1251`). */
function headerCharset(contentType: string | undefined): string | null {
  const found = /charset\s*=\s*"?([A-Za-z0-9._-]+)/i.exec(contentType ?? '');
  return found ? found[1] : null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes are valid UTF-8. */
function isUtf8(buffer: Buffer): boolean {
  try {
    strictUtf8.decode(buffer);
    return true;
  } catch {
    return false;
  }
}

/**
 * The feed's text: a byte-order mark first, then the HTTP header's charset, then the XML declaration's encoding,
 * else UTF-8 (XML's default). Many Russian sites still serve windows-1251, declared in one of the two; a feed that
 * declares nothing and is not valid UTF-8 is read as windows-1251 (no charset can be sniffed in general, but for a
 * Russian feed that is the likely one, and valid UTF-8 is almost never an accident).
 */
export function decodeFeed(bytes: Uint8Array, contentType?: string): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return buffer.subarray(3).toString('utf8');
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return iconv.decode(buffer.subarray(2), 'utf-16le');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return iconv.decode(buffer.subarray(2), 'utf-16be');
  // The declaration is ASCII in every encoding a feed uses; read it as latin1 to find the name.
  const declared =
    headerCharset(contentType) ?? ENCODING_IN_PROLOG.exec(buffer.subarray(0, 200).toString('latin1'))?.[1];
  if (declared && iconv.encodingExists(declared)) return iconv.decode(buffer, declared);
  return isUtf8(buffer) ? buffer.toString('utf8') : iconv.decode(buffer, 'windows-1251');
}

/** The XML's first error as the feed shows it: «Не удалось разобрать XML: строка 12 (…)». */
function xmlProblem(xml: string): string | null {
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (result === true) return null;
  return `Не удалось разобрать XML: строка ${result.err.line} (${result.err.msg})`;
}

const textOf = (value: string | { value?: string } | undefined | null): string =>
  typeof value === 'string' ? value : (value?.value ?? '');

/** Title and body as one text: the title alone when the body repeats it. */
function joined(title: string, body: string): string {
  const head = htmlText(title);
  const text = feedText(body);
  if (!text) return head;
  if (!head || text.startsWith(head)) return text;
  return `${head}\n\n${text}`;
}

function date(value: string | undefined | null): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

interface MediaLinks {
  contents?: { url?: string }[];
  thumbnails?: { url?: string }[];
  community?: { statistics?: { views?: number } };
}

/** Media RSS as feedsmith reads it: contents and thumbnails, also inside groups (YouTube's media:group). */
type AnyItem = Record<string, unknown> & {
  media?: MediaLinks & { groups?: (MediaLinks & { description?: { value?: string } })[] };
};

/** Media links of an item: enclosures and Media RSS contents and thumbnails, without repeats. */
function mediaOf(item: AnyItem, enclosures: { url?: string }[] = []): string[] {
  const sets: MediaLinks[] = item.media ? [item.media, ...(item.media.groups ?? [])] : [];
  const urls = [
    ...enclosures.map((e) => e.url),
    ...sets.flatMap((set) => [...(set.contents ?? []), ...(set.thumbnails ?? [])].map((m) => m.url)),
  ];
  return [...new Set(urls.filter((u): u is string => typeof u === 'string' && /^https?:\/\//i.test(u)))];
}

/** Views of Media RSS's community statistics (YouTube gives them per video), or null. */
function viewsOf(item: AnyItem): number | null {
  const sets: MediaLinks[] = item.media ? [item.media, ...(item.media.groups ?? [])] : [];
  for (const set of sets) {
    const views = set.community?.statistics?.views;
    if (typeof views === 'number' && Number.isSafeInteger(views) && views >= 0) return views;
  }
  return null;
}

function rssItems(feed: Record<string, unknown>): FeedItem[] {
  const items = (feed.items ?? []) as Array<
    AnyItem & {
      title?: string;
      link?: string;
      description?: string;
      guid?: { value?: string };
      pubDate?: string;
      authors?: string[];
      enclosures?: { url?: string }[];
      content?: { encoded?: string };
      dc?: { creator?: string; creators?: string[]; date?: string; dates?: string[] };
    }
  >;
  return items.flatMap((item) => {
    const url = item.link?.trim() || null;
    const externalId = item.guid?.value?.trim() || url;
    if (!externalId) return [];
    return [
      {
        externalId,
        url,
        title: item.title?.trim() || null,
        text: joined(item.title ?? '', item.content?.encoded ?? item.description ?? ''),
        wroteAt: date(item.pubDate ?? item.dc?.date ?? item.dc?.dates?.[0]),
        author: item.authors?.[0] ?? item.dc?.creator ?? item.dc?.creators?.[0] ?? null,
        media: mediaOf(item, item.enclosures),
        views: viewsOf(item),
      },
    ];
  });
}

function atomItems(feed: Record<string, unknown>): FeedItem[] {
  const entries = (feed.entries ?? []) as Array<
    AnyItem & {
      id?: string;
      title?: string | { value?: string };
      links?: { href?: string; rel?: string }[];
      published?: string;
      updated?: string;
      content?: { value?: string };
      summary?: string | { value?: string };
      authors?: { name?: string }[];
    }
  >;
  return entries.flatMap((entry) => {
    const link =
      entry.links?.find((l) => !l.rel || l.rel === 'alternate')?.href ?? entry.links?.[0]?.href ?? null;
    const externalId = entry.id?.trim() || link;
    if (!externalId) return [];
    const body =
      textOf(entry.content) || textOf(entry.summary) || textOf(entry.media?.groups?.[0]?.description) || '';
    return [
      {
        externalId,
        url: link,
        title: textOf(entry.title).trim() || null,
        text: joined(textOf(entry.title), body),
        wroteAt: date(entry.published ?? entry.updated),
        author: entry.authors?.[0]?.name ?? null,
        media: mediaOf(
          entry,
          (entry.links ?? []).filter((l) => l.rel === 'enclosure').map((l) => ({ url: l.href })),
        ),
        views: viewsOf(entry),
      },
    ];
  });
}

function rdfItems(feed: Record<string, unknown>): FeedItem[] {
  const items = (feed.items ?? []) as Array<
    AnyItem & {
      title?: string;
      link?: string;
      description?: string;
      rdf?: { about?: string };
      dc?: { date?: string; dates?: string[]; creator?: string; creators?: string[] };
    }
  >;
  return items.flatMap((item) => {
    const url = item.link?.trim() || null;
    const externalId = item.rdf?.about?.trim() || url;
    if (!externalId) return [];
    return [
      {
        externalId,
        url,
        title: item.title?.trim() || null,
        text: joined(item.title ?? '', item.description ?? ''),
        wroteAt: date(item.dc?.date ?? item.dc?.dates?.[0]),
        author: item.dc?.creator ?? item.dc?.creators?.[0] ?? null,
        media: mediaOf(item),
        views: viewsOf(item),
      },
    ];
  });
}

/**
 * Parses a feed's text. Malformed XML, a JSON feed or an unknown format throw a FeedParseError in Russian. The
 * newest MAX_FEED_ITEMS items are kept (undated ones last), the others counted as skipped.
 */
export function parseFeedText(xml: string, limit = MAX_FEED_ITEMS): ParsedFeed {
  if (!xml.trim()) throw new FeedParseError('Лента пуста: сервер ответил без содержимого');
  const problem = xmlProblem(xml);
  if (problem) throw new FeedParseError(problem);
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(xml);
  } catch {
    throw new FeedParseError('Это не лента RSS или Atom: не найден канал (rss, feed или rdf:RDF)');
  }
  if (parsed.format === 'json')
    throw new FeedParseError('JSON Feed не поддерживается: нужна лента RSS или Atom');
  const feed = parsed.feed as Record<string, unknown>;
  const all =
    parsed.format === 'atom' ? atomItems(feed) : parsed.format === 'rdf' ? rdfItems(feed) : rssItems(feed);
  const unique = [...new Map(all.map((item) => [item.externalId, item])).values()];
  unique.sort((a, b) => (b.wroteAt?.getTime() ?? -Infinity) - (a.wroteAt?.getTime() ?? -Infinity));
  return {
    format: parsed.format,
    title: htmlText(textOf(feed.title as string | { value?: string })) || null,
    items: unique.slice(0, limit),
    skipped: Math.max(0, unique.length - limit),
  };
}

/** Decodes and parses a fetched feed. */
export function parseFeedBytes(bytes: Uint8Array, contentType?: string, limit = MAX_FEED_ITEMS): ParsedFeed {
  return parseFeedText(decodeFeed(bytes, contentType), limit);
}
