import { ENVIRONMENTS } from '@monitoring/contracts';
import { useAppEnv } from '../api/environment.ts';

/** A thin strip in the environment's colour outside production (product.md §1). */
export function EnvironmentBanner() {
  const env = useAppEnv();
  if (!env) return null;
  const { banner, bannerColor } = ENVIRONMENTS[env];
  if (!banner) return null;
  return (
    <div className="env-banner" role="note" data-env={env} style={{ backgroundColor: bannerColor }}>
      {banner}
    </div>
  );
}
