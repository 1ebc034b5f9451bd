/** URL helpers shared by the admin lists: a lenient page, a yes/no/any flag. */

export function pageOf(text: string | null): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** 'true' / 'false' in the URL; anything else is «any». */
export function flagOf(text: string | null): boolean | undefined {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}

export function setFlag(params: URLSearchParams, name: string, value: boolean | undefined) {
  if (value !== undefined) params.set(name, String(value));
}
