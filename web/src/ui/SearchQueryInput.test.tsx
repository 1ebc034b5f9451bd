import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { readSearchHistory, SEARCH_HISTORY_KEY } from '../lib/search-history.ts';
import { installFakeApi } from '../test/fake-api.ts';
import { renderWithUser } from '../test/render-with-user.tsx';
import { SearchQueryInput } from './SearchQueryInput.tsx';
import { SEARCH_ERROR_COLOR } from './search-query-texts.ts';

const LABEL = 'Поиск по тексту сообщений';

/** The box as the messages page has it: the value comes back from outside (the URL) after each report. */
function Harness({ onSearch, delay }: { onSearch: (value: string | undefined) => void; delay?: number }) {
  const [value, setValue] = useState<string | undefined>('москва');
  return (
    <>
      <button type="button" onClick={() => setValue('роснефть')}>
        снаружи
      </button>
      <SearchQueryInput
        value={value}
        delay={delay}
        onSearch={(next) => {
          onSearch(next);
          setValue(next);
        }}
      />
    </>
  );
}

function setup({ delay }: { delay?: number } = {}) {
  const onSearch = vi.fn();
  installFakeApi();
  renderWithUser(<Harness onSearch={onSearch} delay={delay} />);
  const box = screen.getByRole('combobox', { name: LABEL }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const enter = () => {
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  };
  return { onSearch, box, type, enter };
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** WCAG relative luminance and contrast of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('SearchQueryInput', () => {
  it('underlines the erroneous span in the box and says what is wrong under it', async () => {
    const { box, type } = setup({ delay: 30 });
    type('газпром "в москве');
    const message = await screen.findByText('Не закрыта кавычка, позиция 9');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(message.id);
    expect(message.closest('[aria-live]')).not.toBeNull();
    expect(box.closest('.ant-input-affix-wrapper')?.className).toContain('ant-input-status-error');
    const mirror = document.querySelector('.search-query__mirror');
    expect(mirror?.getAttribute('aria-hidden')).toBe('true');
    expect(mirror?.textContent?.startsWith('газпром "в москве')).toBe(true);
    expect(mirror?.querySelector('.search-query__error')?.textContent).toBe('"в москве');

    // Fixed: the message and the underline go at once.
    type('газпром "в москве"');
    expect(screen.queryByText('Не закрыта кавычка, позиция 9')).toBeNull();
    expect(document.querySelector('.search-query__error')).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });

  it('never reports an invalid query, after a pause or on Enter', async () => {
    const { onSearch, type, enter } = setup({ delay: 30 });
    type('газпром OR');
    await screen.findByText('После OR нужно слово или выражение, позиция 9');
    enter();
    await pause(80);
    expect(onSearch).not.toHaveBeenCalled();
    expect(readSearchHistory()).toEqual([]);
  });

  it('reports a valid query once typing stops, trimmed', async () => {
    const { onSearch, type } = setup();
    type('газпром ');
    type('газпром роснефть ');
    await pause(150);
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('газпром роснефть'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('reports at once on Enter and keeps the query as a recent one', async () => {
    const { onSearch, type, enter } = setup({ delay: 60_000 });
    type('газпром NEAR/5 санкции');
    enter();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('газпром NEAR/5 санкции'));
    expect(readSearchHistory()).toEqual(['газпром NEAR/5 санкции']);
  });

  it('reports no search when the box is cleared', async () => {
    const { onSearch, box } = setup({ delay: 60_000 });
    const clear = box.closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-clear-icon');
    if (!clear) throw new Error('no clear button');
    fireEvent.click(clear);
    expect(onSearch).toHaveBeenCalledWith(undefined);
  });

  it('follows the value from outside unless the user is typing', async () => {
    const { box, type } = setup({ delay: 60_000 });
    expect(box.value).toBe('москва');
    fireEvent.click(screen.getByRole('button', { name: 'снаружи' }));
    expect(box.value).toBe('роснефть');
    type('газп');
    fireEvent.click(screen.getByRole('button', { name: 'снаружи' }));
    expect(box.value).toBe('газп');
  });

  it('offers the recent queries when focused, and reports the one picked', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['санкции -реклама', 'url:ria.ru']));
    const { onSearch, box, type } = setup({ delay: 60_000 });
    fireEvent.focus(box);
    fireEvent.mouseDown(box);
    // What is typed narrows the list.
    type('RIA');
    expect(await screen.findByText('Недавние запросы')).toBeTruthy();
    expect(screen.queryByText('санкции -реклама')).toBeNull();
    const option = (await screen.findAllByText('url:ria.ru')).find((node) =>
      node.classList.contains('ant-select-item-option-content'),
    );
    if (!option) throw new Error('no option');
    fireEvent.click(option);
    expect(onSearch).toHaveBeenCalledWith('url:ria.ru');
    expect(box.value).toBe('url:ria.ru');
    expect(readSearchHistory()).toEqual(['url:ria.ru', 'санкции -реклама']);
  });

  it('opens the syntax with an example of each operator and a link to the help page', async () => {
    setup();
    const help = screen.getByRole('button', { name: 'Синтаксис запросов' });
    fireEvent.click(help);
    const dialog = await screen.findByRole('dialog', { name: 'Язык запросов' });
    for (const example of [
      'москва',
      '"в Москве"',
      'газпром AND роснефть',
      'газпром ИЛИ роснефть',
      'санкции -реклама',
      '(газпром OR роснефть) -реклама',
      'газпром*',
      'газпром РЯДОМ/5 санкции',
      'author:Иванов',
      'source:telegram',
      'url:ria.ru',
    ])
      expect(within(dialog).getByText(example)).toBeTruthy();
    expect(within(dialog).getByText('Все формы слова: «Москва», «Москве», «москвы»')).toBeTruthy();
    const more = within(dialog).getByRole('link', { name: 'Подробнее о языке запросов' });
    expect(more.getAttribute('href')).toBe('/about/search');
    expect(help.getAttribute('aria-expanded')).toBe('true');
  });

  it('draws the error and the search marks in colours that pass WCAG AA on their background', () => {
    expect(contrast(SEARCH_ERROR_COLOR, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    // The brand's error red would not: that is why the box darkens it.
    expect(contrast('#EF4D4D', '#FFFFFF')).toBeLessThan(4.5);
    // Marked message text keeps antd's text colour (#000000E0 ≈ #1F1F1F on the mark) on #FFE58F.
    expect(contrast('#1F1F1F', '#FFE58F')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the syntax examples', () => {
  it('are each a query the parser takes', async () => {
    const { SEARCH_SYNTAX } = await import('./search-query-texts.ts');
    const { parseSearchQuery } = await import('@monitoring/contracts');
    for (const row of SEARCH_SYNTAX)
      for (const example of row.examples) expect(parseSearchQuery(example).ok, example).toBe(true);
  });
});

describe('the search history', () => {
  it('keeps the 10 newest queries, newest first, without repeats, and survives bad storage', async () => {
    const { rememberSearch } = await import('../lib/search-history.ts');
    for (let i = 1; i <= 12; i++) rememberSearch(`запрос ${i}`);
    rememberSearch(' запрос 5 ');
    const kept = readSearchHistory();
    expect(kept).toHaveLength(10);
    expect(kept[0]).toBe('запрос 5');
    expect(kept.slice(1, 4)).toEqual(['запрос 12', 'запрос 11', 'запрос 10']);
    expect(new Set(kept).size).toBe(10);
    expect(kept).not.toContain('запрос 1');

    window.localStorage.setItem(SEARCH_HISTORY_KEY, '{oops');
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify({ a: 1 }));
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['газ', 3, null, '', 'газ']));
    expect(readSearchHistory()).toEqual(['газ']);
    expect(rememberSearch('нефть')).toEqual(['нефть', 'газ']);
  });
});

describe('the Enter key on a highlighted recent query', () => {
  it('reports the query picked, not the text typed', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['газпром роснефть']));
    const { onSearch, box, type } = setup({ delay: 60_000 });
    type('газпром');
    fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(box.getAttribute('aria-activedescendant')).toMatch(/_list_\d+$/));
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    await pause(20);
    expect(onSearch.mock.calls).toEqual([['газпром роснефть']]);
  });
});
