import { type QueryParams, withQuery } from '@monitoring/contracts';
import { ApiError, isAbortError } from './api-error.ts';
import { errorFromResponse } from './client.ts';
import { reportApiError } from './error-reporting.ts';
import { getToken } from './token.ts';

export interface DownloadProgress {
  /** Bytes received so far. */
  loaded: number;
  /** Content-Length, or the caller's estimate, or null. */
  total: number | null;
}

export interface DownloadOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Used for the progress when the server streams without Content-Length. */
  expectedBytes?: number;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of Content-Disposition (RFC 5987 filename* first), or the fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : fallback;
}

async function readWithProgress(response: Response, options: DownloadOptions): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : (options.expectedBytes ?? null);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    options.onProgress?.({ loaded, total });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * A binary answer (reports): the token, the error catalogue on failure, and the
 * body read chunk by chunk so the page can show how far it got.
 */
export async function apiDownload(path: string, fallbackName: string, options: DownloadOptions = {}) {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  let response: Response;
  try {
    response = await fetch(options.query ? withQuery(path, options.query) : path, {
      headers,
      signal: options.signal,
    });
  } catch (cause) {
    if (isAbortError(cause) || options.signal?.aborted) throw cause;
    const error = ApiError.network(cause);
    reportApiError(error);
    throw error;
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    reportApiError(error);
    throw error;
  }
  const blob = await readWithProgress(response, options);
  return {
    blob,
    filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName),
  } satisfies DownloadedFile;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
