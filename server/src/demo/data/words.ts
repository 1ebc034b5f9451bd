/** A word list written as one space-separated string, which keeps long lists compact in source. */
export const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** A phrase list written as one '|'-separated string. */
export const phrases = (text: string): readonly string[] =>
  text
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
