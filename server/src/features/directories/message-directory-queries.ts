import type {
  ChannelPickItem,
  ChannelPickQuery,
  ListEnvelope,
  PickItem,
  PickListQuery,
} from '@monitoring/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channels, contentTypes, headings, sources } from '../../db/schema/index.ts';
import { pickPage, totalCount } from '../../domain/pick-lists/pick-list-queries.ts';

// The message directories of issue 17 (api.md §7.3): content types, headings and channels.

/** Content types in their own order (1 post/text, 2 short video/story, 3 video), not by name. */
export function pickContentTypes(db: Db, query: PickListQuery): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () =>
      db
        .select({ id: contentTypes.id, name: contentTypes.name, total: totalCount() })
        .from(contentTypes)
        .$dynamic(),
    { id: contentTypes.id, name: contentTypes.name, orderBy: [] },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

export function pickHeadings(db: Db, query: PickListQuery): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () => db.select({ id: headings.id, name: headings.name, total: totalCount() }).from(headings).$dynamic(),
    { id: headings.id, name: headings.name },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

export function pickChannels(db: Db, query: ChannelPickQuery): Promise<ListEnvelope<ChannelPickItem>> {
  return pickPage(
    () =>
      db
        .select({
          id: channels.id,
          name: channels.name,
          icon: channels.icon,
          sourceId: sources.id,
          sourceName: sources.name,
          total: totalCount(),
        })
        .from(channels)
        .leftJoin(sources, eq(sources.id, channels.sourceId))
        .$dynamic(),
    {
      id: channels.id,
      name: channels.name,
      where: [query.source_in?.length ? inArray(channels.sourceId, query.source_in) : undefined],
    },
    query,
    (row) => ({
      id: row.id,
      name: row.name,
      icon: row.icon,
      source: row.sourceId === null ? null : { id: row.sourceId, name: row.sourceName ?? '' },
    }),
  );
}
