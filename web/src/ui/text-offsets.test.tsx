import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeMessageText } from './SafeMessageText.tsx';
import { rangeToOffsets } from './text-offsets.ts';

function setup(text: string, highlights = [{ start: 6, end: 11, color: '#EF4D4D' }]) {
  const { container } = render(
    <div>
      <p id="before">до</p>
      <SafeMessageText text={text} highlights={highlights} />
      <p id="after">после</p>
    </div>,
  );
  const root = container.querySelector('.message-text');
  if (!root) throw new Error('no text');
  /** The text node of the piece that starts at `start`. */
  const nodeAt = (start: number): Text => {
    const piece = root.querySelector(`[data-start="${start}"]`);
    const node = piece?.firstChild;
    if (!(node instanceof Text)) throw new Error(`no text node at ${start}`);
    return node;
  };
  return { root, container, nodeAt };
}

function range(start: [Node, number], end: [Node, number]): Range {
  const r = document.createRange();
  r.setStart(...start);
  r.setEnd(...end);
  return r;
}

describe('rangeToOffsets: selection → offsets in the message text', () => {
  const text = 'Всем привет из Москвы';

  it('counts characters of the text, not of the highlighted span the selection starts in', () => {
    const { root, nodeAt } = setup(text);
    // The highlight (6..11, «ривет») splits the text into pieces at 0, 6 and 11.
    const selection = range([nodeAt(6), 2], [nodeAt(11), 3]);
    expect(rangeToOffsets(root, selection, text)).toEqual({ start: 8, end: 14 });
    expect(text.slice(8, 14)).toBe('вет из');
  });

  it('trims white space at both ends', () => {
    const { root, nodeAt } = setup(text);
    const selection = range([nodeAt(0), 4], [nodeAt(11), 4]);
    expect(rangeToOffsets(root, selection, text)).toEqual({ start: 5, end: 14 });
    expect(text.slice(5, 14)).toBe('привет из');
  });

  it('keeps source offsets across <mark> and <br>', () => {
    const source = 'Раз<br>два <mark>три</mark> четыре';
    const { root } = setup(source, []);
    const mark = root.querySelector('mark')?.firstChild;
    const last = root.lastElementChild?.firstChild;
    if (!mark || !last) throw new Error('no nodes');
    const offsets = rangeToOffsets(root, range([mark, 1], [last, 3]), source);
    expect(offsets).toEqual({ start: 18, end: 30 });
    expect(source.slice(18, 30)).toBe('ри</mark> че');
  });

  it('clamps a drag that starts or ends outside the text', () => {
    const { root, container, nodeAt } = setup(text);
    const before = container.querySelector('#before')?.firstChild;
    const after = container.querySelector('#after')?.firstChild;
    if (!before || !after) throw new Error('no outside nodes');
    expect(rangeToOffsets(root, range([before, 1], [nodeAt(11), 3]), text)).toEqual({ start: 0, end: 14 });
    expect(rangeToOffsets(root, range([nodeAt(6), 0], [after, 2]), text)).toEqual({
      start: 6,
      end: text.length,
    });
  });

  it('gives nothing for an empty selection or one outside the text', () => {
    const { root, container, nodeAt } = setup(text);
    expect(rangeToOffsets(root, range([nodeAt(0), 2], [nodeAt(0), 2]), text)).toBeNull();
    const outside = container.querySelector('#after')?.firstChild;
    if (!outside) throw new Error('no outside node');
    expect(rangeToOffsets(root, range([outside, 0], [outside, 3]), text)).toBeNull();
  });

  it('reads element boundary points as the next piece', () => {
    const { root } = setup(text);
    // (root, 1) is the boundary before the second piece, which starts at 6.
    expect(rangeToOffsets(root, range([root, 1], [root, 2]), text)).toEqual({ start: 6, end: 11 });
  });

  it('counts only text characters across the marks of a search', () => {
    const source = 'Всем привет из Москвы';
    const { container } = render(
      <SafeMessageText
        text={source}
        marks={[
          { start: 5, end: 11 },
          { start: 15, end: 21 },
        ]}
      />,
    );
    const root = container.querySelector('.message-text');
    if (!root) throw new Error('no text');
    const marks = Array.from(root.querySelectorAll('mark'));
    expect(marks.map((mark) => mark.textContent)).toEqual(['привет', 'Москвы']);
    // The marks add no characters: the text is the same, and each piece keeps its source offsets.
    expect(root.textContent).toBe(source);
    const first = marks[0]?.firstChild;
    const last = marks[1]?.firstChild;
    if (!first || !last) throw new Error('no nodes');
    const offsets = rangeToOffsets(root, range([first, 2], [last, 3]), source);
    expect(offsets).toEqual({ start: 7, end: 18 });
    expect(source.slice(7, 18)).toBe('ивет из Мос');
  });

  it('keeps fragment highlights and search marks apart in the offsets', () => {
    const source = 'Всем привет из Москвы';
    const { container } = render(
      <SafeMessageText
        text={source}
        highlights={[{ start: 0, end: 8, color: '#EF4D4D' }]}
        marks={[{ start: 5, end: 11 }]}
      />,
    );
    const root = container.querySelector('.message-text');
    if (!root) throw new Error('no text');
    const pieces = Array.from(root.querySelectorAll<HTMLElement>('[data-start]')).map((piece) => [
      piece.tagName.toLowerCase(),
      piece.dataset.start,
      piece.textContent,
    ]);
    expect(pieces).toEqual([
      ['span', '0', 'Всем '],
      ['mark', '5', 'при'],
      ['mark', '8', 'вет'],
      ['span', '11', ' из Москвы'],
    ]);
    const node = root.querySelector('[data-start="8"]')?.firstChild;
    if (!node) throw new Error('no node');
    expect(rangeToOffsets(root, range([node, 1], [node, 3]), source)).toEqual({ start: 9, end: 11 });
  });
});
