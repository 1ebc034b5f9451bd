import type { ThemeConfig } from 'antd';

/** product.md §9 theme colours. */
export const BRAND_COLORS = {
  primary: '#1576E6',
  secondary: '#54667A',
  warning: '#F5CE40',
  error: '#EF4D4D',
  success: '#66C05A',
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
    colorPrimary: BRAND_COLORS.primary,
    colorInfo: BRAND_COLORS.secondary,
    colorError: BRAND_COLORS.error,
    colorWarning: BRAND_COLORS.warning,
    colorSuccess: BRAND_COLORS.success,
    colorLink: BRAND_COLORS.primary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
