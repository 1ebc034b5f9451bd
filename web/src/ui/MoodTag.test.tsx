import { MOOD_IDS, MOOD_LABELS } from '@monitoring/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../test/contrast.ts';
import { MoodTag } from './MoodTag.tsx';

describe('MoodTag', () => {
  it.each(MOOD_IDS)(
    'draws mood %i with text at WCAG 2.1 AA contrast (≥ 4.5:1) on its own background',
    (mood) => {
      render(<MoodTag mood={mood} />);
      const { color, backgroundColor } = screen.getByText(MOOD_LABELS[mood]).style;
      expect(contrastRatio(color, backgroundColor)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps every mood apart: no two moods share the text, background and border colours', () => {
    const looks = MOOD_IDS.map((mood) => {
      const { unmount } = render(<MoodTag mood={mood} />);
      const { color, backgroundColor, borderColor } = screen.getByText(MOOD_LABELS[mood]).style;
      unmount();
      return `${color}/${backgroundColor}/${borderColor}`;
    });
    expect(new Set(looks).size).toBe(MOOD_IDS.length);
  });
});
