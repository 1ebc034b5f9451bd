import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * Binary file contents (reports, Excel uploads). Files live in the database, not on a
 * local disk, because API instances are stateless and may run side by side.
 * node-postgres yields a Buffer and PGlite a Uint8Array; both are Uint8Array.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** `created_at timestamptz not null default now()`, shared by most tables. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A timestamptz column; every point in time is stored with its zone. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** `bit varying`: bit i set means lom i is present (the rollups' lom sets). Read and written as a '0101…' string. */
export const varbit = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

/**
 * `tsvector`: the messages' full-text search vector (docs/search.md). Kept by a trigger, never written by the
 * application, and never selected whole: read it only through search SQL (domain/search/).
 */
export const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });
