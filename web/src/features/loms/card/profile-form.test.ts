import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { birthDateForApi, cardBody, EMPTY_CARD_FORM } from './profile-form.ts';

describe('cardBody', () => {
  it('sends every field without a start, trimmed', () => {
    const body = cardBody({ ...EMPTY_CARD_FORM, residence: '  Казань ', interests: [2, 1] });
    expect(body).toMatchObject({
      birthDate: null,
      residence: 'Казань',
      awards: '',
      interests: [2, 1],
      listAnd: [],
    });
  });

  it('sends only what changed from the start, order of ids aside', () => {
    const initial = {
      ...EMPTY_CARD_FORM,
      birthDate: dayjs('1990-05-12'),
      awards: 'Премия',
      interests: [1, 2],
    };
    expect(cardBody({ ...initial, interests: [2, 1] }, initial)).toEqual({});
    expect(cardBody({ ...initial, awards: ' ', birthDate: dayjs('1991-01-31') }, initial)).toEqual({
      awards: '',
      birthDate: '1991-01-31',
    });
    expect(cardBody({ ...initial, birthDate: null, interests: [] }, initial)).toEqual({
      birthDate: null,
      interests: [],
    });
  });
});

describe('birthDateForApi', () => {
  it('sends the picked calendar day, whatever the zone', () => {
    expect(birthDateForApi(dayjs('1990-05-12T00:00:00'))).toBe('1990-05-12');
    expect(birthDateForApi(dayjs('1990-05-12T23:59:00'))).toBe('1990-05-12');
    expect(birthDateForApi(null)).toBeNull();
    expect(birthDateForApi(dayjs('nonsense'))).toBeNull();
  });
});
