import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../test/kit.ts';

let t: Kit;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="ru"><div id="root"></div></html>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
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
