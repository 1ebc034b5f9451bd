/**
 * A point inside the merge transactions, after each merged entry has moved and before the merge commits. Tests
 * set it to throw and prove that a merge killed mid-way leaves nothing changed; it does nothing otherwise.
 */
export const mergeHooks: { afterEach: (sourceId: number) => Promise<void> | void } = {
  afterEach: () => {},
};
