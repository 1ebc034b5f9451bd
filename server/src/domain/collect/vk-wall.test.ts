import { describe, expect, it } from 'vitest';
import { FeedParseError } from './feed-parse.ts';
import { parseVkWall } from './vk-wall.ts';

// wall.get answers other than the fixture's (fixtures.test.ts): errors, and hostile items.

describe('VK wall', () => {
  it('answers a VK error in Russian, with the reason of a known code', () => {
    const answer = JSON.stringify({
      error: { error_code: 5, error_msg: 'User authorization failed: invalid access_token (4).' },
    });
    expect(() => parseVkWall(answer)).toThrow(FeedParseError);
    expect(() => parseVkWall(answer)).toThrow(
      'ВКонтакте ответил ошибкой 5: неверный или отозванный сервисный ключ (User authorization failed: invalid access_token (4).)',
    );
    expect(() => parseVkWall(JSON.stringify({ error: { error_code: 777, error_msg: 'Unknown' } }))).toThrow(
      'ВКонтакте ответил ошибкой 777: Unknown',
    );
  });

  it('refuses what is not the API answer', () => {
    expect(() => parseVkWall('<html>502 Bad Gateway</html>')).toThrow('Ответ ВКонтакте не является JSON');
    expect(() => parseVkWall('[1,2]')).toThrow('Ответ ВКонтакте не похож на ответ API');
    expect(() => parseVkWall('{"response":{"count":0}}')).toThrow(/нет списка записей/);
  });

  it('leaves out items without their ids and reads hostile fields as absent', () => {
    const posts = parseVkWall(
      JSON.stringify({
        response: {
          count: 6,
          items: [
            null,
            'пост',
            { id: '5', owner_id: -1, text: 'id строкой' },
            { id: 7, owner_id: true, text: 'владелец true' },
            { id: 2 ** 63, owner_id: -1, text: 'id больше 2^53' },
            {
              id: 8,
              owner_id: -1,
              date: 'вчера',
              text: ['не строка'],
              views: { count: -5 },
              reposts: { count: '3' },
              comments: 4,
              attachments: [{ type: 'photo', photo: { sizes: [{ url: 'javascript:alert(1)' }] } }, 'x'],
              copy_history: [{ id: 'a' }],
            },
            { id: 8, owner_id: -1, text: 'повтор id' },
          ],
        },
      }),
    );
    expect(posts).toEqual([
      {
        externalId: '-1_8',
        url: 'https://vk.com/wall-1_8',
        text: '',
        wroteAt: null,
        views: 0,
        reposts: 0,
        comments: 0,
        media: [],
        copyOf: null,
      },
    ]);
  });
});
