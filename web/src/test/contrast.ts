/** WCAG 2.1 contrast ratio of two colours (`#rrggbb` or `rgb(r, g, b)`), e.g. 4.5 for AA text. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function channels(color: string): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex?.[1]) return [0, 2, 4].map((at) => Number.parseInt(hex[1]?.slice(at, at + 2) ?? '', 16));
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color.trim());
  if (rgb) return rgb.slice(1, 4).map(Number);
  throw new Error(`not a colour: ${color}`);
}

function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
