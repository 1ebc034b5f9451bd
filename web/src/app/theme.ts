import type { ThemeConfig } from 'antd';

/** product.md §9 theme colours. */
export const BRAND_COLORS = {
  primary: '#1576E6',
  secondary: '#54667A',
  warning: '#F5CE40',
  error: '#EF4D4D',
  success: '#66C05A',
} as const;

export const THEME: ThemeConfig = {
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
