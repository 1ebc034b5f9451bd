import { type HTMLElement, parse } from 'node-html-parser';
import { htmlText } from './html-text.ts';

// A public Telegram channel's web preview, t.me/s/<channel> (issue 31, docs/collectors.md): its posts read from the
// page by a real HTML parser. The collector pages back with ?before=<the oldest id> on a feed's first fetch.

export interface TelegramPost {
  /** The post's number in the channel. */
  id: number;
  /** `<channel>/<id>`, as the preview's data-post names it: the post's external id. */
  externalId: string;
  /** https://t.me/<channel>/<id>. */
  url: string;
  /** The post's text: markup dropped, line breaks kept (empty for a photo without a caption). */
  text: string;
  wroteAt: Date | null;
  /** «12.3K» read as 12300; null when the page shows none. */
  views: number | null;
  /** Photos, videos and the link preview's address. */
  media: string[];
  /** A forwarded post: the original's external id (`<channel>/<id>`), when the page links it. */
  forwardedFrom: string | null;
}

export interface TelegramPage {
  /** The channel's title as the page shows it. */
  title: string | null;
  /** The posts, oldest first, as the page lists them. */
  posts: TelegramPost[];
  /** The smallest post id on the page: the next page back is ?before=<it>; null for a page without posts. */
  oldestId: number | null;
}

/** Views as the preview prints them: «987», «12.3K», «1.2M». */
export function previewViews(text: string | undefined): number | null {
  const found = /^([\d.,]+)\s*([KMB])?$/i.exec((text ?? '').trim());
  if (!found) return null;
  const value = Number(found[1].replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(found[2] ?? '').toUpperCase() as 'K' | 'M' | 'B'] ?? 1;
  return Math.round(value * scale);
}

const BACKGROUND_URL = /background-image\s*:\s*url\(['"]?([^'")]+)['"]?\)/i;

function mediaOf(message: HTMLElement): string[] {
  const urls: string[] = [];
  for (const node of message.querySelectorAll(
    '.tgme_widget_message_photo_wrap, .tgme_widget_message_video_thumb, .link_preview_image',
  )) {
    const found = BACKGROUND_URL.exec(node.getAttribute('style') ?? '');
    if (found) urls.push(found[1]);
  }
  for (const video of message.querySelectorAll('video')) {
    const src = video.getAttribute('src');
    if (src) urls.push(src);
  }
  const preview = message.querySelector('a.tgme_widget_message_link_preview')?.getAttribute('href');
  if (preview) urls.push(preview);
  return [...new Set(urls.filter((u) => /^https?:\/\//i.test(u)))];
}

/** The original of a forwarded post, from the «Forwarded from» link (t.me/<channel>/<id>). */
function forwardedFrom(message: HTMLElement): string | null {
  const href = message.querySelector('.tgme_widget_message_forwarded_from a')?.getAttribute('href') ?? '';
  const found = /^https?:\/\/(?:t\.me|telegram\.me)\/(?:s\/)?([A-Za-z0-9_]+)\/(\d+)(?:[?#].*)?$/i.exec(href);
  return found ? `${found[1]}/${found[2]}` : null;
}

/** Reads one page of a channel's preview. A page that is not a channel's preview has no posts. */
export function parseTelegramPreview(html: string): TelegramPage {
  const root = parse(html);
  const posts: TelegramPost[] = [];
  for (const message of root.querySelectorAll('.tgme_widget_message[data-post]')) {
    const post = message.getAttribute('data-post') ?? '';
    const found = /^([A-Za-z0-9_]+)\/(\d+)$/.exec(post);
    if (!found) continue;
    const id = Number(found[2]);
    const datetime = message.querySelector('.tgme_widget_message_date time')?.getAttribute('datetime');
    const at = datetime ? new Date(datetime) : null;
    const body = message.querySelector('.tgme_widget_message_text');
    posts.push({
      id,
      externalId: `${found[1]}/${id}`,
      url: `https://t.me/${found[1]}/${id}`,
      text: body ? htmlText(body.innerHTML) : '',
      wroteAt: at && !Number.isNaN(at.getTime()) ? at : null,
      views: previewViews(message.querySelector('.tgme_widget_message_views')?.text),
      media: mediaOf(message),
      forwardedFrom: forwardedFrom(message),
    });
  }
  const title = root.querySelector('.tgme_channel_info_header_title')?.text.trim() || null;
  return {
    title,
    posts,
    oldestId: posts.length ? Math.min(...posts.map((p) => p.id)) : null,
  };
}
