import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// WCAG 1.1.1 (axe image-alt): every picture says what it shows, or alt="" when the name stands beside it. The demo
// data has no avatars, so the e2e accessibility scan never meets one: this test reads the sources instead.
const root = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** `<img …>` and antd's `<Avatar src=…>` (an <img> once it has an address) that declare no alt. */
function picturesWithoutAlt(): string[] {
  return sourceFiles(root).flatMap((file) =>
    [...withoutComments(readFileSync(file, 'utf8')).matchAll(/<(img|Avatar)\b([^>]*?)\/?>/gs)]
      .filter(
        ([, tag, attributes = '']) =>
          (tag === 'img' || /\bsrc=/.test(attributes)) && !/\balt=/.test(attributes),
      )
      .map(([element]) => `${relative(root, file)}: ${element.replace(/\s+/g, ' ')}`),
  );
}

describe('pictures', () => {
  it('every <img> and avatar with a picture has an alt', () => {
    expect(picturesWithoutAlt()).toEqual([]);
  });
});
