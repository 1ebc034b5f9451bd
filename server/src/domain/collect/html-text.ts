import { type HTMLElement, type Node, NodeType, parse } from 'node-html-parser';

// Text of a piece of HTML (a feed item's description, a Telegram post): markup dropped by a real HTML parser,
// entities decoded, each <br> a line break (two make a blank line), block elements on lines of their own, runs of
// spaces and of blank lines folded.

const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

function walk(node: Node, out: string[]): void {
  if (node.nodeType === NodeType.TEXT_NODE) {
    out.push(node.text.replace(/\s+/g, ' '));
    return;
  }
  if (node.nodeType !== NodeType.ELEMENT_NODE) return;
  const tag = (node as HTMLElement).rawTagName?.toLowerCase() ?? '';
  if (SKIPPED.has(tag)) return;
  if (tag === 'br') {
    out.push('\n');
    return;
  }
  const block = BLOCKS.has(tag);
  if (block) out.push('\n');
  for (const child of node.childNodes) walk(child, out);
  if (block) out.push('\n');
}

/** Lines trimmed, runs of spaces and of blank lines folded. */
function folded(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function htmlText(html: string): string {
  if (!html) return '';
  // No tag and no entity (most titles): nothing for the parser to do.
  if (!/[<&]/.test(html)) return folded(html.replace(/\s+/g, ' '));
  const out: string[] = [];
  walk(parse(html), out);
  return folded(out.join(''));
}

/** Text that may or may not be HTML (a feed's description): plain text keeps its own line breaks. */
export function feedText(text: string): string {
  return /<[a-z!/]/i.test(text) ? htmlText(text) : folded(text.replace(/\r\n?/g, '\n'));
}
