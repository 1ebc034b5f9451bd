import { ENVIRONMENTS, TITLE_SUFFIX } from '@monitoring/contracts';
import { Link } from 'react-router';
import { useAppEnv } from '../api/environment.ts';

/**
 * The logo, in the environment's colour (prod and local blue, dev red, accept green), links home. Its name starts
 * with the word it shows (WCAG 2.5.3 label in name): «monitoring — на главную».
 */
export function Logo() {
  const env = useAppEnv() ?? 'production';
  return (
    <Link
      to="/"
      className="logo"
      aria-label={`${TITLE_SUFFIX} — на главную`}
      style={{ color: ENVIRONMENTS[env].logoColor }}
    >
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M5 20h5l3-9 5 14 3-8h6"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__text">{TITLE_SUFFIX}</span>
    </Link>
  );
}
