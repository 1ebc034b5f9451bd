import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../test/kit.ts';

const BIG_SCRIPT = `export const rows = [${'"строка",'.repeat(2000)}];`;

let t: Kit;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="ru"><div id="root"></div></html>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the build writes them (web/vite.config.ts): the asset and its .br / .gz beside it.
  writeFileSync(join(dist, 'assets', 'vendor-def456.js'), BIG_SCRIPT);
  writeFileSync(join(dist, 'assets', 'vendor-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(dist, 'assets', 'vendor-def456.js.gz'), gzipSync(BIG_SCRIPT));
  t = await createKit({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves assets with max-age=3600', async () => {
    const res = await t.anonymous.get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the precompressed asset the client accepts, brotli first, still max-age=3600', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
    ];
    for (const { accept, encoding, decode } of cases) {
      const res = await t.anonymous.inject({
        url: '/assets/vendor-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toContain('javascript');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=3600');
      expect(String(res.headers.vary).toLowerCase(), accept).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString('utf8'), accept).toBe(BIG_SCRIPT);
    }
  });

  it('sends the plain asset to a client that takes no compression', async () => {
    const res = await t.anonymous.get('/assets/vendor-def456.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(BIG_SCRIPT);
  });

  it('answers every page route with index.html (history fallback), never cached', async () => {
    for (const url of ['/', '/messages/42', '/login?next=%2Fabout', '/no/such/page']) {
      const res = await t.anonymous.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const api = await t.anonymous.get('/api/v2/unknown/');
    expect(api.statusCode).toBe(404);
    expect(api.json().statusCode).toBe(404);
    expect((await t.anonymous.get('/assets/missing.js')).statusCode).toBe(404);
  });
});
