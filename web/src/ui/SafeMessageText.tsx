import './ui.css';
import { type CSSProperties, type Ref, useMemo } from 'react';
import type { TextSpan } from '../lib/search-marks.ts';
import { type MessagePiece, messagePieces, type TextHighlight } from './message-markup.ts';

interface SafeMessageTextProps {
  text: string | null | undefined;
  /** Fragment spans and the like, in source offsets; later ones are drawn on top. */
  highlights?: readonly TextHighlight[];
  /** What a search found (lib/search-marks), in source offsets: drawn as <mark>, the offsets unchanged. */
  marks?: readonly TextSpan[];
  className?: string;
  /** Cut the text after this many characters of source (list cards); highlights still apply. */
  maxLength?: number;
  ref?: Ref<HTMLDivElement>;
}

function truncate(pieces: MessagePiece[], maxLength: number): { pieces: MessagePiece[]; cut: boolean } {
  const kept: MessagePiece[] = [];
  for (const piece of pieces) {
    if (piece.start >= maxLength) return { pieces: kept, cut: true };
    if (piece.kind === 'text' && piece.end > maxLength) {
      const end = maxLength;
      kept.push({ ...piece, end, text: piece.text.slice(0, end - piece.start) });
      return { pieces: kept, cut: true };
    }
    kept.push(piece);
  }
  return { pieces: kept, cut: false };
}

function pieceStyle(piece: MessagePiece): CSSProperties | undefined {
  if (piece.kind !== 'text' || !piece.highlight) return undefined;
  const underline = `inset 0 -2px 0 ${piece.highlight.color}`;
  // Marked text keeps the mark's background (what the search found), the fragment its underline.
  if (piece.marked) return { boxShadow: underline };
  return { backgroundColor: `${piece.highlight.color}40`, boxShadow: underline };
}

/**
 * Message text as the spec allows it on screen (product.md §5): emoji and every
 * HTML tag except <mark> and <br> removed (contracts stripMessageHtml), then
 * built from React nodes — text is never parsed as HTML. Each piece carries its
 * source offsets (data-start, data-end) for text selection.
 */
export function SafeMessageText({
  text,
  highlights,
  marks,
  className,
  maxLength,
  ref,
}: SafeMessageTextProps) {
  const { pieces, cut } = useMemo(() => {
    const all = messagePieces(text, highlights, marks).pieces;
    return maxLength === undefined ? { pieces: all, cut: false } : truncate(all, maxLength);
  }, [text, highlights, marks, maxLength]);

  return (
    <div ref={ref} className={className ? `message-text ${className}` : 'message-text'}>
      {pieces.map((piece) => {
        const key = `${piece.kind}-${piece.start}`;
        if (piece.kind === 'break') return <br key={key} data-start={piece.start} data-end={piece.end} />;
        const Tag = piece.marked ? 'mark' : 'span';
        return (
          <Tag
            key={key}
            data-start={piece.start}
            data-end={piece.end}
            className={piece.highlight ? 'message-text__highlight' : undefined}
            style={pieceStyle(piece)}
            title={piece.highlight?.title}
          >
            {piece.text}
          </Tag>
        );
      })}
      {cut ? <span className="message-text__more">…</span> : null}
    </div>
  );
}
