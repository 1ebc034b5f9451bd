import { createHash } from 'node:crypto';
import { apiPath, LOM_WRITE_PATHS, type LomAvatarType } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import * as q from './avatar-queries.ts';

/**
 * Uploaded lom avatars, in the table lom_avatars like every other upload, so server
 * instances stay stateless. A file is named by the SHA-256 of its bytes, so one image is
 * stored once, a name never changes meaning (the browser may cache it for good) and cannot
 * be guessed. Images are never overwritten or deleted by the API: a lom that changes its
 * avatar points at a new file (docs/loms.md "Avatars").
 */

const EXTENSIONS: Record<LomAvatarType, 'png' | 'jpg' | 'webp'> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const TYPE_OF_EXTENSION: Record<string, LomAvatarType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/**
 * The image type by the file's own signature, not by its name or declared type: PNG,
 * JPEG or WebP. Anything else (SVG, which may carry script, included) is null.
 */
export function sniffImage(bytes: Uint8Array): LomAvatarType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Stores the image (once per content) and answers the address the card shows. */
export async function saveAvatar(db: Db, bytes: Uint8Array, type: LomAvatarType): Promise<string> {
  const file = `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[type]}`;
  await q.insertAvatar(db, file, type, bytes);
  return apiPath(LOM_WRITE_PATHS.avatarFile, { file });
}

export interface AvatarFile {
  type: LomAvatarType;
  body: Buffer;
}

/** A stored avatar by file name (already checked against lomAvatarFileParams), or null. */
export async function readAvatar(db: Db, file: string): Promise<AvatarFile | null> {
  const type = TYPE_OF_EXTENSION[file.slice(file.lastIndexOf('.') + 1)];
  if (!type) return null;
  const body = await q.avatarBody(db, file);
  return body ? { type, body: Buffer.from(body) } : null;
}
