import { useState } from 'react';

/**
 * Has `open` been true at least once? A dialog or drawer loaded on demand (React.lazy) is
 * mounted from its first opening and stays mounted after, so it closes with its animation and
 * keeps its state as it did when it was always there (docs/first-screen.md).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
