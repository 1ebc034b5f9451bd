/** Rethrows `error` while rendering, handing it to the nearest route error boundary. */
export function ThrowError({ error }: { error: unknown }): never {
  throw error;
}
