import { FeedParseError } from './feed-parse.ts';

// A public VK wall through the API's wall.get (issue 31, docs/collectors.md): the answer read into posts the
// ingestion takes. No database, no network: the collector fetches, this reads. The answer is outside input: every
// field is checked for its type, and a post without its ids is left out rather than trusted.

export interface VkMedia {
  type: 'image' | 'video';
  url: string;
}

export interface VkPost {
  /** `${owner_id}_${id}`: the post's external id. */
  externalId: string;
  /** https://vk.com/wall<owner_id>_<id>. */
  url: string;
  /** The post's own text, then the text of what it reposts. */
  text: string;
  wroteAt: Date | null;
  views: number;
  reposts: number;
  comments: number;
  /** The largest size of each photo, each video's page and its largest cover, the reposted ones' too. */
  media: VkMedia[];
  /** A repost: the external id of the post it reposts. */
  copyOf: string | null;
}

/** Why VK refused, by its error code (https://dev.vk.com/ru/reference/errors). */
const VK_ERRORS: Readonly<Record<number, string>> = {
  5: 'неверный или отозванный сервисный ключ',
  6: 'слишком много запросов в секунду',
  9: 'слишком много однотипных действий',
  15: 'доступ к стене запрещён',
  18: 'страница удалена или заблокирована',
  19: 'контент недоступен',
  29: 'достигнут дневной лимит запросов',
  30: 'профиль закрыт',
  100: 'неверный параметр: проверьте адрес стены',
  113: 'неверный идентификатор пользователя',
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const count = (value: unknown): number => {
  const n = isObject(value) ? integer(value.count) : null;
  return n !== null && n >= 0 ? n : 0;
};
const httpUrl = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\/\S+$/i.test(value) ? value : null;

/** The largest of a list of sized images ({url, width, height}); the last when none gives its size. */
function largest(sizes: unknown): string | null {
  if (!Array.isArray(sizes)) return null;
  let best: { url: string; area: number } | null = null;
  for (const size of sizes) {
    if (!isObject(size)) continue;
    const url = httpUrl(size.url) ?? httpUrl(size.src);
    if (!url) continue;
    const area = (integer(size.width) ?? 0) * (integer(size.height) ?? 0);
    if (!best || area >= best.area) best = { url, area };
  }
  return best?.url ?? null;
}

function mediaOf(attachments: unknown): VkMedia[] {
  if (!Array.isArray(attachments)) return [];
  const out: VkMedia[] = [];
  for (const attachment of attachments) {
    if (!isObject(attachment)) continue;
    if (attachment.type === 'photo' && isObject(attachment.photo)) {
      const url = largest(attachment.photo.sizes);
      if (url) out.push({ type: 'image', url });
    } else if (attachment.type === 'video' && isObject(attachment.video)) {
      const owner = integer(attachment.video.owner_id);
      const id = integer(attachment.video.id);
      if (owner !== null && id !== null)
        out.push({ type: 'video', url: `https://vk.com/video${owner}_${id}` });
      const cover = largest(attachment.video.image);
      if (cover) out.push({ type: 'image', url: cover });
    }
  }
  return out;
}

const textOf = (post: Json): string => (typeof post.text === 'string' ? post.text.trim() : '');

function postOf(item: unknown): VkPost | null {
  if (!isObject(item)) return null;
  const owner = integer(item.owner_id) ?? integer(item.from_id);
  const id = integer(item.id);
  if (owner === null || id === null) return null;
  const reposted = Array.isArray(item.copy_history) ? item.copy_history.filter(isObject) : [];
  const texts = [textOf(item), ...reposted.map(textOf)].filter(Boolean);
  const date = integer(item.date);
  const original = reposted[0];
  const originalOwner = original ? (integer(original.owner_id) ?? integer(original.from_id)) : null;
  const originalId = original ? integer(original.id) : null;
  const media = [mediaOf(item.attachments), ...reposted.map((r) => mediaOf(r.attachments))].flat();
  return {
    externalId: `${owner}_${id}`,
    url: `https://vk.com/wall${owner}_${id}`,
    text: texts.join('\n\n'),
    wroteAt: date !== null && date > 0 ? new Date(date * 1000) : null,
    views: count(item.views),
    reposts: count(item.reposts),
    comments: count(item.comments),
    media: [...new Map(media.map((m) => [m.url, m])).values()],
    copyOf: originalOwner !== null && originalId !== null ? `${originalOwner}_${originalId}` : null,
  };
}

/**
 * Reads a wall.get answer. An error answer throws a FeedParseError in Russian («ВКонтакте ответил ошибкой 5: …»),
 * and so does an answer that is not the API's JSON. Posts repeated in the answer are kept once.
 */
export function parseVkWall(body: string): VkPost[] {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    throw new FeedParseError('Ответ ВКонтакте не является JSON');
  }
  if (!isObject(answer)) throw new FeedParseError('Ответ ВКонтакте не похож на ответ API');
  if (isObject(answer.error)) {
    const code = integer(answer.error.error_code);
    const message = typeof answer.error.error_msg === 'string' ? answer.error.error_msg.slice(0, 300) : '';
    const reason = code === null ? undefined : VK_ERRORS[code];
    const detail = [reason, message && (reason ? `(${message})` : message)].filter(Boolean).join(' ');
    throw new FeedParseError(`ВКонтакте ответил ошибкой ${code ?? '?'}${detail ? `: ${detail}` : ''}`);
  }
  if (!isObject(answer.response) || !Array.isArray(answer.response.items)) {
    throw new FeedParseError('Ответ ВКонтакте не похож на ответ wall.get: нет списка записей');
  }
  const posts = new Map<string, VkPost>();
  for (const item of answer.response.items) {
    const post = postOf(item);
    if (post && !posts.has(post.externalId)) posts.set(post.externalId, post);
  }
  return [...posts.values()];
}
