import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AUTH_PATHS, SYSTEM_PATHS } from '@monitoring/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDownload } from '../http/download.ts';
import { createKit, type Kit } from '../test/kit.ts';
import { COMPRESS_THRESHOLD, registerCompression } from './compression.ts';

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;
const OPENAPI_JSON = `${SYSTEM_PATHS.docs}/json`;

let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

describe('JSON answers over 1 KB', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`come ${encoding}-compressed and decode to the same JSON`, async () => {
      const plain = await t.anonymous.get(OPENAPI_JSON);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

      const res = await t.anonymous.inject({ url: OPENAPI_JSON, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(DECODE[encoding](res.rawPayload).toString('utf8'))).toEqual(plain.json());
    });
  }

  it('prefers brotli when the client takes both, as browsers do', async () => {
    const res = await t.anonymous.inject({
      url: OPENAPI_JSON,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('compresses an API call of a logged-in user too (the administrator’s /me is ~2 KB)', async () => {
    const caller = t.as('admin');
    const plain = await caller.get(AUTH_PATHS.me);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await caller.inject({ url: AUTH_PATHS.me, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('small answers', () => {
  it('go out as they are', async () => {
    const res = await t.anonymous.inject({
      url: SYSTEM_PATHS.environment,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('env');
  });
});

describe('downloads', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  // 200 KB in 50 pieces, as a report streams its rows.
  const pieces = Array.from({ length: 50 }, (_, i) => Buffer.alloc(4096, i));
  const app = Fastify();
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/report', (_request, reply) =>
      sendDownload(reply, {
        fileName: 'Отчёт.xlsx',
        asciiName: 'report.xlsx',
        contentType: XLSX,
        body: Readable.from(pieces),
      }),
    );
    app.get('/export.json', (_request, reply) =>
      reply
        .type('application/json')
        .send(Readable.from([Buffer.from(JSON.stringify({ rows: pieces.length }))])),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('still stream whole and untouched: files are not compressed again', async () => {
    const res = await app.inject({ url: '/report', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toContain('report.xlsx');
    expect(res.rawPayload.equals(Buffer.concat(pieces))).toBe(true);
  });

  it('a streamed JSON answer is compressed as it streams and decodes whole', async () => {
    const res = await app.inject({ url: '/export.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual({ rows: 50 });
  });
});
