import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The embedded database's directory: <repo>/data/pgdata, or DATA_DIR relative to the repository. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(REPO_ROOT, env.DATA_DIR || 'data/pgdata');
}
