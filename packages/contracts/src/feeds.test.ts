import { describe, expect, it } from 'vitest';
import {
  feedCreateBody,
  feedForSourceUrl,
  feedPatchBody,
  feedUrlProblem,
  telegramChannelOf,
  vkWallOf,
  youtubeChannelOf,
} from './feeds.ts';

describe('the feed an account address offers', () => {
  it('reads a Telegram channel from its addresses, and nothing else from t.me', () => {
    expect(telegramChannelOf('https://t.me/rian_ru')).toBe('rian_ru');
    expect(telegramChannelOf('https://t.me/s/rian_ru/')).toBe('rian_ru');
    expect(telegramChannelOf('http://www.telegram.me/Rian_Ru?x=1')).toBe('Rian_Ru');
    expect(telegramChannelOf('https://t.me/+AbCdEf123')).toBeNull();
    expect(telegramChannelOf('https://t.me/')).toBeNull();
    expect(telegramChannelOf('https://example.com/rian_ru')).toBeNull();
    expect(telegramChannelOf('ftp://t.me/rian_ru')).toBeNull();
  });

  it('reads a VK wall by screen name, club or id', () => {
    expect(vkWallOf('https://vk.com/mosnews')).toBe('mosnews');
    expect(vkWallOf('https://m.vk.com/club12345')).toBe('club12345');
    expect(vkWallOf('https://vk.ru/id1')).toBe('id1');
    expect(vkWallOf('https://vk.com/')).toBeNull();
    expect(vkWallOf('https://ok.ru/mosnews')).toBeNull();
  });

  it('reads a YouTube channel id only where the address names it', () => {
    const id = 'UCabcdefghijklmnopqrstuv';
    expect(youtubeChannelOf(`https://www.youtube.com/channel/${id}`)).toBe(id);
    expect(youtubeChannelOf(`https://youtube.com/feeds/videos.xml?channel_id=${id}`)).toBe(id);
    expect(youtubeChannelOf('https://www.youtube.com/@handle')).toBeNull();
    expect(youtubeChannelOf('https://www.youtube.com/channel/short')).toBeNull();
  });

  it('offers the canonical feed of each kind, and none for other platforms', () => {
    expect(feedForSourceUrl('https://t.me/s/rian_ru')).toEqual({
      kind: 'telegram',
      url: 'https://t.me/rian_ru',
    });
    expect(feedForSourceUrl('vk.com/mosnews')).toBeNull();
    expect(feedForSourceUrl('https://vk.com/mosnews/')).toEqual({
      kind: 'vk',
      url: 'https://vk.com/mosnews',
    });
    expect(feedForSourceUrl('https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv')).toEqual({
      kind: 'rss',
      url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv',
    });
    expect(feedForSourceUrl('https://rutube.ru/channel/123/')).toBeNull();
    expect(feedForSourceUrl('not a url')).toBeNull();
  });
});

describe('feed bodies', () => {
  it('accepts a feed and fills nothing it was not given', () => {
    const parsed = feedCreateBody.parse({ kind: 'rss', url: ' https://lenta.ru/rss ' });
    expect(parsed).toEqual({ kind: 'rss', url: 'https://lenta.ru/rss' });
  });

  it('names the field of each refusal', () => {
    const cases: [unknown, string][] = [
      [{ kind: 'atom', url: 'https://lenta.ru/rss' }, 'kind'],
      [{ kind: 'rss', url: 'file:///etc/passwd' }, 'url'],
      [{ kind: 'rss', url: 'https://lenta.ru/rss', interval_minutes: 0 }, 'interval_minutes'],
      [{ kind: 'rss', url: 'https://lenta.ru/rss', interval_minutes: 1441 }, 'interval_minutes'],
      [{ kind: 'rss', url: 'https://lenta.ru/rss', lom_id: true }, 'lom_id'],
      [{ kind: 'rss', url: 'https://lenta.ru/rss', lom_source_id: 2 ** 63 }, 'lom_source_id'],
      [{ kind: 'rss', url: 'https://lenta.ru/rss', enabled: 'yes' }, 'enabled'],
      [{ kind: 'rss', url: 'https://lenta.ru/rss', owner: 1 }, 'owner'],
      [{ kind: 'telegram', url: 'https://lenta.ru/rss' }, 'url'],
      [{ kind: 'vk', url: 'https://t.me/rian_ru' }, 'url'],
      [{ kind: 'rss', url: `https://lenta.ru/${'x'.repeat(2000)}` }, 'url'],
    ];
    for (const [body, field] of cases) {
      const result = feedCreateBody.safeParse(body);
      expect(result.success, JSON.stringify(body).slice(0, 80)).toBe(false);
      expect(result.error?.issues[0].path[0]).toBe(field);
    }
    expect(feedCreateBody.safeParse(null).success).toBe(false);
    expect(feedPatchBody.safeParse({}).success).toBe(true);
    expect(feedPatchBody.safeParse({ interval_minutes: 1.5 }).error?.issues[0].path[0]).toBe(
      'interval_minutes',
    );
  });

  it('says what a kind wants of its address', () => {
    expect(feedUrlProblem('rss', 'https://anything.example/feed')).toBeNull();
    expect(feedUrlProblem('telegram', 'https://t.me/rian_ru')).toBeNull();
    expect(feedUrlProblem('telegram', 'https://vk.com/rian')).toMatch(/Telegram/);
    expect(feedUrlProblem('vk', 'https://t.me/rian_ru')).toMatch(/ВКонтакте/);
  });
});
