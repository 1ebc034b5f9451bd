import { pageTitle } from '@monitoring/contracts';
import { useEffect } from 'react';
import { useAppEnv } from '../api/environment.ts';

/** Sets document.title: environment prefix, the page's title, 'monitoring' at the end. */
export function usePageTitle(title?: string): void {
  const env = useAppEnv() ?? 'production';
  useEffect(() => {
    document.title = pageTitle(env, title);
  }, [env, title]);
}
