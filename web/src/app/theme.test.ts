import { ENVIRONMENTS } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../test/contrast.ts';
import { TEXT_COLORS, THEME } from './theme.ts';

const WHITE = '#FFFFFF';
/** The page's background (app.css --color-bg). */
const PAGE = '#F5F7FA';

describe('theme colours (WCAG 2.1 AA, docs/accessibility.md)', () => {
  it.each(Object.entries(TEXT_COLORS))('%s text passes 4.5:1 on white and on the page', (_name, color) => {
    expect(contrastRatio(color, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color, PAGE)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives antd the AA shades for the primary, links and errors', () => {
    expect(THEME.token).toMatchObject({
      colorPrimary: TEXT_COLORS.primary,
      colorLink: TEXT_COLORS.primary,
      colorError: TEXT_COLORS.error,
    });
  });

  it.each(Object.entries(ENVIRONMENTS))('the %s banner carries white text at 4.5:1', (_env, look) => {
    expect(contrastRatio(WHITE, look.bannerColor)).toBeGreaterThanOrEqual(4.5);
  });
});
