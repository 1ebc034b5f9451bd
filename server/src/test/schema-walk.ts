import type { z } from 'zod';

/**
 * Reads the contracts' zod schemas of a route the way a generated test needs them: the fields of a body, query
 * or params object, what kind each field is, and a value that the schema accepts for it.
 */

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  element?: Schema;
  shape?: Record<string, Schema>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: Schema;
  right?: Schema;
  getter?: () => Schema;
  valueType?: Schema;
  items?: Schema[];
  rest?: Schema | null;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default, catch, readonly, lazy and the input side of pipes. */
export function unwrap(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) {
      // A preprocess is a pipe whose input is a transform: the schema that matters is its output.
      current = defOf(def.in).type === 'transform' && def.out ? def.out : def.in;
    } else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
  return current;
}

/** The fields of an object schema (merged over the options of a union or the sides of an intersection). */
export function fieldsOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return { ...(def.shape ?? {}) };
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
  if (def.type === 'intersection') return { ...fieldsOf(def.left), ...fieldsOf(def.right) };
  return {};
}

/**
 * How many levels of arrays and objects a value the schema accepts may nest: `{a: [1]}` is 2. A free value
 * (`unknown`) counts as none: only the limit on the JSON text bounds it. A schema that holds itself is Infinity.
 */
export function nestingOf(schema: Schema | undefined, level = 0): number {
  if (!schema) return 0;
  if (level > 50) return Number.POSITIVE_INFINITY;
  const def = defOf(unwrap(schema));
  const deepest = (schemas: readonly (Schema | null | undefined)[]) =>
    Math.max(0, ...schemas.map((s) => (s ? nestingOf(s, level + 1) : 0)));
  switch (def.type) {
    case 'object':
      return 1 + deepest(Object.values(def.shape ?? {}));
    case 'array':
      return 1 + deepest([def.element]);
    case 'record':
      return 1 + deepest([def.valueType]);
    case 'tuple':
      return 1 + deepest([...(def.items ?? []), def.rest]);
    case 'union':
      return deepest(def.options ?? []);
    case 'intersection':
      return deepest([def.left, def.right]);
    default:
      return 0;
  }
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'enum' | 'other';

/** What a field takes, looking through wrappers; a union takes the kind of its first option that has one. */
export function kindOf(schema: Schema): FieldKind {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
      return def.type;
    case 'int':
      return 'number';
    case 'enum':
    case 'literal':
      return 'enum';
    case 'union': {
      for (const option of def.options ?? []) {
        const kind = kindOf(option);
        if (kind !== 'other') return kind;
      }
      return 'other';
    }
    default:
      return 'other';
  }
}

export function accepts(schema: Schema, value: unknown): boolean {
  return schema.safeParse(value).success;
}

const SAMPLES: readonly unknown[] = [
  'Тест',
  1,
  2,
  '1',
  '2026-01-01',
  '2026-01-01T00:00:00.000Z',
  '2026-01-01 00:00',
  true,
  false,
  'day',
  'a',
  'https://example.test/a',
  'user@example.test',
  /** A time of day, HH:MM (digests). */
  '09:00',
  0,
  [],
  [1],
  ['Тест'],
  null,
];

/** A value the schema accepts, or undefined when none of the tries passes. */
export function sampleFor(schema: Schema, depth = 0): unknown {
  if (accepts(schema, undefined)) return undefined;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (depth < 4) {
    if (def.type === 'object') {
      const value = sampleObject(inner, depth + 1);
      if (accepts(schema, value)) return value;
    }
    if (def.type === 'enum' && def.entries) {
      const first = Object.values(def.entries)[0];
      if (accepts(schema, first)) return first;
    }
    if (def.type === 'literal' && def.values) {
      if (accepts(schema, def.values[0])) return def.values[0];
    }
    if (def.type === 'array' && def.element) {
      const item = sampleFor(def.element, depth + 1);
      if (accepts(schema, [item])) return [item];
    }
    if (def.type === 'union') {
      for (const option of def.options ?? []) {
        const value = sampleFor(option, depth + 1);
        if (value !== undefined && accepts(schema, value)) return value;
      }
    }
  }
  return SAMPLES.find((value) => accepts(schema, value));
}

/** An object with a sample for each required field (optional fields left out), or {} when no sample passes. */
export function sampleObject(schema: Schema | undefined, depth = 0): Record<string, unknown> {
  if (!schema) return {};
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    const sample = sampleFor(field, depth);
    if (sample !== undefined) value[key] = sample;
  }
  if (accepts(schema, value)) return value;
  // Some bodies need one of several optional fields: add them one by one until it passes.
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    if (key in value) continue;
    const inner = unwrap(field);
    const sample = sampleFor(inner, depth);
    if (sample === undefined) continue;
    if (accepts(schema, { ...value, [key]: sample })) return { ...value, [key]: sample };
  }
  return value;
}
