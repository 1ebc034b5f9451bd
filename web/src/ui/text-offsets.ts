// Maps a DOM selection inside rendered message text back to offsets in the
// source text. Every piece SafeMessageText renders carries data-start and
// data-end (its span in the source), so highlights, <mark> and <br> elements
// between the text nodes do not shift the result.

export interface TextRangeOffsets {
  start: number;
  end: number;
}

/** The element of the piece a node belongs to, inside `root`. */
function pieceOf(root: Element, node: Node): HTMLElement | null {
  let current: Node | null = node;
  while (current && current !== root) {
    if (current instanceof HTMLElement && current.dataset.start !== undefined) return current;
    current = current.parentNode;
  }
  return null;
}

function pieceStart(piece: HTMLElement): number {
  return Number(piece.dataset.start);
}

function pieceEnd(piece: HTMLElement): number {
  return Number(piece.dataset.end);
}

/** Every piece element under root, in document order. */
function piecesOf(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('[data-start]'));
}

/**
 * The source offset of a DOM boundary point (node, offset) inside `root`.
 * Inside a text node: its piece's start plus the characters before the point
 * (a piece may hold several text nodes, which are walked in order). At an
 * element boundary: the start of the first piece after the point, or the end
 * of the last piece when none follows.
 */
export function sourceOffsetAt(root: Element, node: Node, offset: number): number | null {
  if (!root.contains(node)) return null;
  if (node.nodeType === Node.TEXT_NODE) {
    const piece = pieceOf(root, node);
    if (!piece) return null;
    const walker = document.createTreeWalker(piece, NodeFilter.SHOW_TEXT);
    let before = 0;
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      if (current === node) return Math.min(pieceStart(piece) + before + offset, pieceEnd(piece));
      before += current.textContent?.length ?? 0;
    }
    return null;
  }
  const pieces = piecesOf(root);
  const boundary = document.createRange();
  boundary.setStart(node, offset);
  for (const piece of pieces) {
    // The first piece that starts at or after the boundary point.
    if (boundary.comparePoint(piece, 0) >= 0) return pieceStart(piece);
  }
  const last = pieces[pieces.length - 1];
  return last ? pieceEnd(last) : 0;
}

/** Like sourceOffsetAt, but a point outside `root` (a drag past the text) clamps to its start or end. */
function boundaryOffset(root: Element, node: Node, offset: number): number | null {
  if (root.contains(node)) return sourceOffsetAt(root, node, offset);
  const pieces = piecesOf(root);
  if (pieces.length === 0) return null;
  const inside = document.createRange();
  inside.selectNodeContents(root);
  return inside.comparePoint(node, offset) < 0 ? pieceStart(pieces[0]) : pieceEnd(pieces[pieces.length - 1]);
}

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

/**
 * The source offsets of a DOM range over rendered message text, trimmed of
 * surrounding white space; null when the range is empty, outside `root`,
 * or holds only white space.
 */
export function rangeToOffsets(root: Element, range: Range, source: string): TextRangeOffsets | null {
  if (range.collapsed || !range.intersectsNode(root)) return null;
  const a = boundaryOffset(root, range.startContainer, range.startOffset);
  const b = boundaryOffset(root, range.endContainer, range.endOffset);
  if (a === null || b === null) return null;
  let start = Math.max(0, Math.min(a, b));
  let end = Math.min(source.length, Math.max(a, b));
  while (start < end && isSpace(source[start])) start++;
  while (end > start && isSpace(source[end - 1])) end--;
  return end > start ? { start, end } : null;
}
