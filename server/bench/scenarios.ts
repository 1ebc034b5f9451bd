/**
 * The API calls the benchmark measures. Each issue adds the calls it makes fast;
 * `path` may depend on ids picked from the seeded database.
 */
export interface Scenario {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** The demo user whose token signs the requests. */
  as: string;
  body?: unknown;
  /** The target p95 in milliseconds from the issue, if any. */
  targetP95?: number;
}

export const SCENARIOS: Scenario[] = [
  { name: 'users/me', path: '/api/v1/users/me/', as: 'editor', targetP95: 50 },
  {
    name: 'user-actions list',
    path: '/api/v1/user-actions/?page=1&page_size=25',
    as: 'admin',
    targetP95: 100,
  },
  {
    name: 'user-actions filtered',
    path: '/api/v1/user-actions/?type_not_in=4,5&page_size=50',
    as: 'admin',
    targetP95: 100,
  },
];
