import { crc32, deflateSync } from 'node:zlib';
import type { ChartResponse } from '@monitoring/contracts';

// A plain picture of a chart's numbers for the demo's report (the seed has no browser to draw ECharts):
// stacked columns per category in the series' colours on white. Only the demo uses it.

const WIDTH = 800;
const HEIGHT = 400;
const PALETTE = ['#1576E6', '#54667A', '#F5CE40', '#66C05A', '#EF4D4D', '#9AA5B1'];

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of stacked columns: one per category, one colour per series (negative values drawn as their size). */
export function chartPng(data: ChartResponse): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3, 255);
  const paint = (x0: number, y0: number, x1: number, y1: number, color: [number, number, number]) => {
    for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(WIDTH, x1); x++) pixels.set(color, (y * WIDTH + x) * 3);
  };
  const series = data.series.filter((s) => s.key !== 'share' && s.key !== 'total');
  const n = Math.max(1, data.categories.length);
  const stacks = data.categories.map((_, i) =>
    series.reduce((sum, s) => sum + Math.abs(s.values[i] ?? 0), 0),
  );
  const max = Math.max(1, ...stacks);
  const slot = (WIDTH - 40) / n;
  paint(20, HEIGHT - 21, WIDTH - 20, HEIGHT - 20, [84, 102, 122]);
  data.categories.forEach((_, i) => {
    let top = HEIGHT - 21;
    series.forEach((s, j) => {
      const h = Math.round((Math.abs(s.values[i] ?? 0) / max) * (HEIGHT - 60));
      const x = Math.round(20 + i * slot + slot * 0.15);
      paint(x, top - h, Math.round(x + slot * 0.7), top, rgb(s.color ?? PALETTE[j % PALETTE.length]));
      top -= h;
    });
  });
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    pixels.copy(rows, y * (WIDTH * 3 + 1) + 1, y * WIDTH * 3, (y + 1) * WIDTH * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
