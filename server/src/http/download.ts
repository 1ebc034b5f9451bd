import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file an API call answers with: reports, exports, uploaded files. */
export interface Download {
  fileName: string;
  asciiName: string;
  contentType: string;
  /** A stream (Excel reports) or the whole file. */
  body: Readable | Buffer;
  /** Rows (messages, quotes, loms) a report lists, sent as `x-report-rows`. */
  rows?: number;
}

/**
 * `Content-Disposition` for a download with a Russian name: an ASCII
 * fallback for old clients and the real name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const ascii = asciiFallback.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Binary answers declare no response schema: the body is a file, not JSON. */
export function sendDownload(reply: FastifyReply, download: Download) {
  reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDisposition(download.fileName, download.asciiName))
    .header('cache-control', 'no-store');
  if (download.rows !== undefined) reply.header('x-report-rows', String(download.rows));
  return reply.send(download.body);
}
