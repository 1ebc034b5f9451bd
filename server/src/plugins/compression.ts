import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * JSON and text compressed on the fly; everything else (Excel and Word downloads, images,
 * uploads: zip or binary already) passes through untouched, streams included. Server-sent
 * events are never compressed (a compressor holds their lines back).
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/;

/**
 * Compresses API answers over 1 KB by the client's Accept-Encoding: brotli, else gzip.
 * The built web app's assets are not compressed here: the build writes `.br` / `.gz`
 * beside them and the static plugin sends those (plugins/web.ts).
 * Registered before the routes: its hook applies to the routes registered after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Fast settings for answers made per request; the assets get the slow, small ones at build time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
