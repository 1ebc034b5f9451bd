import { z } from 'zod';

export const SYSTEM_PATHS = {
  /** GET which environment this is (product.md §1). */
  environment: '/api/v1/environment/',
  /** GET 'ok' once the database answers. */
  health: '/api/v1/health/',
  /**
   * GET readiness for a load balancer: 200 while this instance serves; 503 while it starts (migrations, first seed)
   * and once it drains for a shutdown.
   */
  ready: '/api/v1/ready/',
  /** The OpenAPI page of every route. */
  docs: '/api/docs',
} as const;

export const APP_ENVS = ['production', 'local', 'dev', 'accept'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export interface EnvironmentLook {
  /** Prefix of every page title. */
  titlePrefix: string;
  logoColor: string;
  /** Banner text shown outside production; null in production. */
  banner: string | null;
  /** The banner's background: the logo's hue darkened so its white text passes WCAG 2.1 AA (≥ 4.5:1). */
  bannerColor: string;
}

/** product.md §1: prod and local blue, dev red, accept green; a banner outside production. */
export const ENVIRONMENTS: Record<AppEnv, EnvironmentLook> = {
  production: { titlePrefix: '', logoColor: '#1576E6', banner: null, bannerColor: '#136DD4' },
  local: { titlePrefix: '[LOCAL] ', logoColor: '#1576E6', banner: 'Локальная среда', bannerColor: '#136DD4' },
  dev: { titlePrefix: '[DEV] ', logoColor: '#EF4D4D', banner: 'Среда разработки', bannerColor: '#C43E3E' },
  accept: { titlePrefix: '[ACCEPT] ', logoColor: '#66C05A', banner: 'Среда приёмки', bannerColor: '#3F7A37' },
};

export const TITLE_SUFFIX = 'monitoring';

export function pageTitle(env: AppEnv, title?: string): string {
  const prefix = ENVIRONMENTS[env].titlePrefix;
  return title ? `${prefix}${title} | ${TITLE_SUFFIX}` : `${prefix}${TITLE_SUFFIX}`;
}

export const readyResponse = z.object({ status: z.literal('ready') });
export type ReadyResponse = z.infer<typeof readyResponse>;

export const environmentResponse = z.object({ env: z.enum(APP_ENVS) });
export type EnvironmentResponse = z.infer<typeof environmentResponse>;
