import { describe, expect, it } from 'vitest';
import { searchMarkSpans, searchMarksOf, textWithSearchMarks } from './search-marks.ts';

describe('search marks: what the server marked, as offsets into the text', () => {
  it('reads the added tags as spans that take no room', () => {
    const text = 'Газпром и Роснефть в Москве';
    const highlighted = '<mark>Газпром</mark> и <mark>Роснефть</mark> в Москве';
    expect(searchMarkSpans(text, highlighted)).toEqual([
      { start: 0, end: 7 },
      { start: 10, end: 18 },
    ]);
  });

  it('keeps the text’s own <mark> and <br> as text', () => {
    const text = 'Раз<br>два <mark>три</mark> четыре';
    const highlighted = 'Раз<br><mark>два</mark> <mark><mark>три</mark></mark> четыре';
    const spans = searchMarkSpans(text, highlighted);
    expect(spans?.map(({ start, end }) => text.slice(start, end))).toEqual(['два', 'три</mark>']);
  });

  it('gives up on a highlighted text that is not the text with tags added', () => {
    expect(searchMarkSpans('Газпром', '<mark>Лукойл</mark>')).toBeNull();
    expect(searchMarkSpans('Газпром и нефть', '<mark>Газпром</mark>')).toBeNull();
    expect(searchMarksOf('Газпром', '<mark>Лукойл</mark>')).toEqual([]);
    expect(searchMarksOf('Газпром', undefined)).toEqual([]);
  });

  it('lets a list show the server’s text when the marks do not lie over the message text', () => {
    expect(textWithSearchMarks('Газпром', '<mark>Газпром</mark>')).toEqual({
      text: 'Газпром',
      marks: [{ start: 0, end: 7 }],
    });
    expect(textWithSearchMarks('Газпром', '<mark>Лукойл</mark>')).toEqual({
      text: '<mark>Лукойл</mark>',
      marks: [],
    });
    expect(textWithSearchMarks('Газпром', undefined)).toEqual({ text: 'Газпром', marks: [] });
  });
});
