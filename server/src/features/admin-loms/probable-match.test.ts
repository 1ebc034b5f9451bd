import { describe, expect, it } from 'vitest';
import { dice, handleOf, nameWords, proposeLoms } from './probable-match.ts';

describe('nameWords', () => {
  it('transliterates, drops generic words and ignores word order', () => {
    expect(nameWords('Петрова Анна')).toEqual(['anna', 'petrova']);
    expect(nameWords('anna_petrova_live')).toEqual(['anna', 'petrova']);
    expect(nameWords('ООО «Ромашка»')).toEqual(['romashka']);
    expect(nameWords('Алексей')).toEqual(nameWords('alexey'));
  });
});

describe('handleOf', () => {
  it('takes the last segment of the address without @, not numbers', () => {
    expect(handleOf('https://www.youtube.com/@anna_petrova')).toBe('anna_petrova');
    expect(handleOf('https://t.me/anna_petrova/')).toBe('anna_petrova');
    expect(handleOf('https://ok.ru/group/55501234123')).toBeNull();
    expect(handleOf('https://vk.com')).toBeNull();
  });
});

describe('dice', () => {
  it('is 1 for the same pairs and 0 for none shared', () => {
    expect(dice(new Set(['ab', 'bc']), new Set(['ab', 'bc']))).toBe(1);
    expect(dice(new Set(['ab']), new Set(['cd']))).toBe(0);
  });
});

describe('proposeLoms', () => {
  const loms = [
    { id: 1, name: 'Петрова Анна', nickname: null },
    { id: 2, name: 'Кафе «Ромашка»', nickname: 'romashka_cafe' },
    { id: 3, name: 'Сидоров Иван', nickname: null },
    { id: 4, name: 'Сидоров Иван', nickname: null },
    { id: 5, name: 'Новости Заречья', nickname: null },
  ];
  const bound = [
    { url: 'https://vk.com/anna_petrova', lomId: 1 },
    { url: 'https://t.me/zarechye_news', lomId: 5 },
  ];
  const propose = (url: string, accountName: string | null = null) =>
    proposeLoms([{ id: 100, url, accountName }], loms, bound)[0] ?? null;

  it('finds the same address entered another way', () => {
    expect(propose('http://www.VK.com/anna_petrova/')).toMatchObject({ lomId: 1, reason: 'url', score: 1 });
  });
  it('finds the same handle on another platform', () => {
    expect(propose('https://t.me/anna_petrova')).toMatchObject({ lomId: 1, reason: 'handle' });
  });
  it('matches the account name against names and nicknames, in any script', () => {
    expect(propose('https://ok.ru/group/123456789', 'Анна Петрова')).toMatchObject({
      lomId: 1,
      reason: 'name',
    });
    expect(propose('https://instagram.com/romashka_cafe')).toMatchObject({ lomId: 2, reason: 'nickname' });
    expect(propose('https://dzen.ru/novosti_zarechya')).toMatchObject({ lomId: 5, reason: 'name' });
  });
  it('proposes nothing for namesakes or weak matches', () => {
    expect(propose('https://ok.ru/group/1', 'Иван Сидоров')).toBeNull();
    expect(propose('https://vk.com/mashina_vremeni', 'Машина времени')).toBeNull();
    expect(propose('https://vk.com/petrov', null)).toBeNull();
  });
});
