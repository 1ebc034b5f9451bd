/**
 * A small closed-loop load generator: `concurrency` clients, each sending its next request when the last answers,
 * over real HTTP with node's fetch (undici's global pool, keep-alive: each client reuses its connection).
 */
export interface LoadOptions {
  /** A function gives each request its own address. */
  url: string | (() => string);
  method: string;
  headers: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  /** Upper bound on requests, so a run always stops. */
  maxRequests?: number;
  /** Lower bound on requests: the clients go on past the duration until this many were sent. */
  minRequests?: number;
}

export interface LoadResult {
  count: number;
  p50: number;
  /** p50 to the microsecond (the others are rounded to 0.1 ms): growth ratios of fast calls divide these. */
  p50Exact: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  errors: number;
  non2xx: number;
  /** Answers (any status) by origin (`http://127.0.0.1:<port>`): which server instance answered how many. */
  answeredBy: Record<string, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const answeredBy: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + o.durationMs;
  const limit = o.maxRequests ?? 100_000;
  const least = Math.min(o.minRequests ?? 0, limit);

  async function client() {
    while ((performance.now() < deadline || sent < least) && sent < limit) {
      sent++;
      const t0 = performance.now();
      try {
        const url = typeof o.url === 'function' ? o.url() : o.url;
        const res = await fetch(url, { method: o.method, headers: o.headers, body: o.body });
        await res.arrayBuffer();
        const origin = new URL(url).origin;
        answeredBy[origin] = (answeredBy[origin] ?? 0) + 1;
        if (res.status < 200 || res.status >= 300) non2xx++;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }

  await Promise.all(Array.from({ length: o.concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: latencies.length,
    p50: round(percentile(latencies, 50)),
    p50Exact: Math.round(percentile(latencies, 50) * 1000) / 1000,
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    rps: Math.round(latencies.length / elapsed),
    errors,
    non2xx,
    answeredBy,
  };
}
