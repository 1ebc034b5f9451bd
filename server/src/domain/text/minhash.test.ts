import { describe, expect, it } from 'vitest';
import { BANDS, jaccard, NEAR_DUPLICATE_JACCARD, shingles, textPrint } from './minhash.ts';

const POST =
  'Мэрия объявила о ремонте моста через реку: движение по мосту закроют на две недели, объезд пойдёт по ' +
  'набережной и улице Ленина, автобусы пятого и седьмого маршрутов изменят схему движения';

describe('near-duplicate prints', () => {
  it('gives the same keys to the same words whatever the case, punctuation and «ё»', () => {
    const a = textPrint(POST);
    const b = textPrint(`${POST.toUpperCase().replace(/[,:]/g, ' ')}!!!`.replace(/Ё/g, 'Е'));
    expect(a.keys).toHaveLength(BANDS);
    expect(b.keys).toEqual(a.keys);
  });

  it('shares a band key with a copy that changed a word, and none with an unrelated text', () => {
    const a = textPrint(POST);
    const near = textPrint(POST.replace('две', 'три'));
    const other = textPrint(
      'Футбольный клуб выиграл кубок области в серии пенальти после нулевой ничьей в основное время',
    );
    expect(jaccard(a.shingles, near.shingles)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_JACCARD);
    expect(near.keys.some((k) => a.keys.includes(k))).toBe(true);
    expect(jaccard(a.shingles, other.shingles)).toBe(0);
    expect(other.keys.some((k) => a.keys.includes(k))).toBe(false);
  });

  it('gives short replies no keys', () => {
    expect(textPrint('Согласен, так и есть').keys).toEqual([]);
    expect(shingles('Да').size).toBe(1);
  });
});
