import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messagePieces } from './message-markup.ts';
import { SafeMessageText } from './SafeMessageText.tsx';

/** Every element name under the rendered text. */
function tagsIn(root: Element): string[] {
  return [
    ...new Set(Array.from(root.querySelectorAll('*')).map((element) => element.tagName.toLowerCase())),
  ].sort();
}

describe('SafeMessageText (product.md §5)', () => {
  it('keeps only <mark> and <br> of the markup and shows the rest as text', () => {
    const text =
      'Привет <b>мир</b><script>alert(1)</script> <img src=x onerror="alert(2)"><mark onclick="x()">важно</mark><br/>' +
      '<a href="javascript:alert(3)">ссылка</a><iframe src="//evil"></iframe><style>p{}</style>конец';
    const { container } = render(<SafeMessageText text={text} />);
    const root = container.querySelector('.message-text');
    if (!root) throw new Error('no text');
    expect(tagsIn(root)).toEqual(['br', 'mark', 'span']);
    expect(root.textContent).toBe('Привет мир важноссылкаконец');
    expect(root.querySelector('mark')?.textContent).toBe('важно');
    expect(root.querySelector('mark')?.getAttributeNames().sort()).toEqual(['data-end', 'data-start']);
    expect(root.innerHTML).not.toMatch(/script|onerror|onclick|javascript|iframe|<img|<a /i);
  });

  it('removes emoji and never turns escaped text into markup', () => {
    const { container } = render(<SafeMessageText text={'Ура 🎉👍 &lt;b&gt;жирный&lt;/b&gt;'} />);
    const root = container.querySelector('.message-text');
    expect(root?.textContent).toBe('Ура  &lt;b&gt;жирный&lt;/b&gt;');
    expect(root?.querySelector('b')).toBeNull();
  });

  it('draws highlights by source offsets and keeps the offsets on every piece', () => {
    const text = 'Один <mark>два</mark> три';
    const { container } = render(
      <SafeMessageText
        text={text}
        highlights={[{ start: 2, end: 15, color: '#66C05A', title: 'Фрагмент' }]}
      />,
    );
    const highlighted = Array.from(container.querySelectorAll<HTMLElement>('.message-text__highlight'));
    expect(highlighted.map((element) => element.textContent)).toEqual(['ин ', 'два']);
    expect(highlighted.map((element) => [element.dataset.start, element.dataset.end])).toEqual([
      ['2', '5'],
      ['11', '14'],
    ]);
  });

  it('splits text into pieces at tags and highlight edges', () => {
    const { pieces } = messagePieces('ab<br>cd<mark>ef</mark>', [{ start: 1, end: 7, color: 'red' }]);
    expect(
      pieces.map((piece) =>
        piece.kind === 'text'
          ? [piece.text, piece.start, piece.marked, !!piece.highlight]
          : ['br', piece.start],
      ),
    ).toEqual([
      ['a', 0, false, false],
      ['b', 1, false, true],
      ['br', 2],
      ['c', 6, false, true],
      ['d', 7, false, false],
      ['ef', 14, true, false],
    ]);
  });
});
