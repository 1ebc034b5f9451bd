import { describe, expect, it } from 'vitest';
import { stems, words } from './tokens.ts';

describe('the tokeniser of message text', () => {
  it('splits into lower-case words of letters and digits, «ё» as «е»', () => {
    expect(words('Ёлка, 2025-й ГОД!\u0000Тест')).toEqual(['елка', '2025', 'й', 'год', 'тест']);
  });

  it('stems Russian word forms to one stem and drops stop words', () => {
    expect(stems('Губернатора поддержали, а губернатор поддержал их')).toEqual([
      'губернатор',
      'поддержа',
      'губернатор',
      'поддержа',
    ]);
  });

  it('answers nothing for an empty or punctuation-only text', () => {
    expect(stems('')).toEqual([]);
    expect(stems(' ... !!! ')).toEqual([]);
  });
});
