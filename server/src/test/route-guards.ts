import { readFileSync, writeFileSync } from 'node:fs';
import { REPO_ROOT } from '../config.ts';
import type { Guard } from '../http/auth.ts';
import type { ApiRoute } from '../http/route-table.ts';

/**
 * The table of every API route and its guard in docs/permissions.md ("Every route"), between two markers. The
 * permission-matrix test holds the app against it; `npm run docs:routes -w server` writes it anew.
 */

export const PERMISSIONS_DOC = `${REPO_ROOT}docs/permissions.md`;
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';

export function guardText(guard: Guard): string {
  if (typeof guard === 'string') return guard;
  return `any of ${guard.anyOf.join(', ')}`;
}

export function parseGuardText(text: string): Guard {
  const anyOf = /^any of (.+)$/.exec(text);
  if (anyOf) return { anyOf: anyOf[1].split(', ') } as Guard;
  return text as Guard;
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

export function renderRouteTable(routes: readonly ApiRoute[]): string {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((route) => `| ${route.method} | \`${route.url}\` | ${guardText(route.guard)} |`);
  return ['| method | path | guard |', '|---|---|---|', ...rows].join('\n');
}

/** The documented guard of each route, by `METHOD /path`. */
export function documentedGuards(markdown = readFileSync(PERMISSIONS_DOC, 'utf8')): Map<string, string> {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  const guards = new Map<string, string>();
  if (start < 0 || end < start) return guards;
  for (const line of markdown.slice(start, end).split('\n')) {
    const match = /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (.+) \|$/.exec(line.trim());
    if (match) guards.set(routeKey(match[1], match[2]), match[3]);
  }
  return guards;
}

export function writeRouteTable(routes: readonly ApiRoute[]): void {
  const markdown = readFileSync(PERMISSIONS_DOC, 'utf8');
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${PERMISSIONS_DOC} has no ${START} … ${END} section`);
  writeFileSync(
    PERMISSIONS_DOC,
    `${markdown.slice(0, start + START.length)}\n${renderRouteTable(routes)}\n${markdown.slice(end)}`,
  );
}

export { routeKey };
