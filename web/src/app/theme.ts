import type { ThemeConfig } from 'antd';

/** product.md §9 theme colours: the brand, as fills, rings, charts and the logo show it. */
export const BRAND_COLORS = {
  primary: '#1576E6',
  secondary: '#54667A',
  warning: '#F5CE40',
  error: '#EF4D4D',
  success: '#66C05A',
} as const;

/**
 * Shades of the brand colours that carry text (WCAG 2.1 AA, GOST R 52872-2019: 4.5:1 for text under 18.66 px bold):
 * the same hues, darkened until they pass on white and on the page's #F5F7FA (docs/accessibility.md). The brand
 * #1576E6 is 4.41:1 on white, #EF4D4D 3.6:1, #66C05A 2.27:1.
 */
export const TEXT_COLORS = {
  /** 5.04:1 on white, 4.70:1 on #F5F7FA; white on it 5.04:1 (primary buttons, links, the active tab). */
  primary: '#136DD4',
  /** Hover and press: darker still (6.33:1), so a hovered link or button keeps its contrast. */
  primaryHover: '#115EB8',
  /** 5.11:1 on white, 4.77:1 on #F5F7FA: error text, danger buttons. */
  error: '#C43E3E',
  errorHover: '#B83A3A',
  /** 5.18:1 on white. */
  success: '#3F7A37',
  /** 5.07:1 on white. */
  warning: '#8A6A00',
} as const;

/**
 * The class that carries antd's CSS variables. Named, rather than left to ConfigProvider's
 * generated id, so the app's root (app/AppFeedback.tsx) can carry it as antd's App did:
 * antd's link style (`:where(.<hash>) a`) and its variables then reach plain links too.
 */
export const CSS_VAR_KEY = 'css-var-app';

export const THEME: ThemeConfig = {
  cssVar: { key: CSS_VAR_KEY },
  token: {
    colorPrimary: TEXT_COLORS.primary,
    colorPrimaryHover: TEXT_COLORS.primaryHover,
    colorInfo: BRAND_COLORS.secondary,
    colorError: TEXT_COLORS.error,
    colorErrorHover: TEXT_COLORS.errorHover,
    colorWarning: BRAND_COLORS.warning,
    colorWarningText: TEXT_COLORS.warning,
    colorSuccess: BRAND_COLORS.success,
    colorSuccessText: TEXT_COLORS.success,
    colorLink: TEXT_COLORS.primary,
    colorLinkHover: TEXT_COLORS.primaryHover,
    // antd's 45 % and 25 % black (3.36:1 and 1.83:1 on white) → 60 % (5.74:1) for secondary text, descriptions and
    // empty states, 55 % (4.74:1) for placeholders; disabled text keeps its 25 % (WCAG exempts inactive controls).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // A tag's text is its colour on a tint of it. The status tags take the AA shades; the preset colours whose
    // 7th shade falls short (green 3.37:1, orange 3.34:1, volcano 4.37:1, cyan 3.39:1) take their 8th (≥ 5:1).
    Tag: {
      colorSuccess: TEXT_COLORS.success,
      colorWarning: TEXT_COLORS.warning,
      green7: '#237804',
      orange7: '#AD4E00',
      volcano7: '#AD2102',
      cyan7: '#006D75',
    },
  },
};
