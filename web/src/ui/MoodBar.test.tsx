import { MOOD_COLORS } from '@monitoring/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoodBar } from './MoodBar.tsx';
import { MoodIcon } from './MoodIcon.tsx';
import { MoodTable } from './MoodTable.tsx';

function segments(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>('.mood-bar__segment'));
}

/** jsdom normalises colours to rgb(). */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('MoodBar (§4)', () => {
  it('shows a single neutral segment until data arrives', () => {
    const { container } = render(<MoodBar counts={null} />);
    const [only, ...rest] = segments(container);
    expect(rest).toHaveLength(0);
    expect(only.dataset.mood).toBe('3');
    expect(only.dataset.placeholder).toBe('true');
    expect(only.style.backgroundColor).toBe(rgb(MOOD_COLORS[3]));
  });

  it('keeps the neutral segment when every count is zero', () => {
    const { container } = render(<MoodBar counts={{ 1: 0, 2: 0 }} />);
    expect(segments(container).map((s) => s.dataset.placeholder)).toEqual(['true']);
  });

  it('draws a segment per mood in proportion, with mood 4 counted as neutral', () => {
    const { container } = render(<MoodBar counts={{ 1: 5, 2: 3, 3: 1, 4: 1, 6: 0 }} />);
    const drawn = segments(container).map((s) => [s.dataset.mood, s.style.flexGrow]);
    expect(drawn).toEqual([
      ['1', '5'],
      ['3', '2'],
      ['2', '3'],
    ]);
  });
});

describe('MoodIcon and MoodTable', () => {
  it('shows the help icon on a grey ring without data', () => {
    const { container } = render(<MoodIcon counts={null} />);
    expect(container.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('help');
  });

  it('shows the neutral placeholder bar and zero rows while the table loads', () => {
    const { container } = render(<MoodTable table={null} />);
    expect(segments(container).map((s) => s.dataset.placeholder)).toEqual(['true']);
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(5);
  });

  it('takes the dominant colour and truncated percents from contracts', () => {
    const row = (message_count: number) => ({
      message_count,
      lom_count: 1,
      total_si: 1,
      total_views: 1,
      subscribers: 1,
    });
    const { container } = render(<MoodTable table={{ 1: row(2), 2: row(1), 3: row(0) }} />);
    const section = container.querySelector<HTMLElement>('.mood-table');
    expect(section?.dataset.dominant).toBe(MOOD_COLORS[1]);
    expect(container.textContent).toContain('(66%)');
    expect(container.textContent).toContain('(33%)');
  });
});
