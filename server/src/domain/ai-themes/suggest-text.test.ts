import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { storedTextOf } from './suggest.ts';

/**
 * The ingestion scores its new messages from the texts in hand (storedTextOf) instead of reading them back with
 * suggest-queries' TEXT_OF: both must give the same text, tags and line breaks included.
 */
describe('storedTextOf', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit();
  });
  afterAll(() => kit.close());

  it('is what the database makes of a message without extra source text', async () => {
    const texts = [
      'Простой текст без разметки',
      '<p>Абзац</p><br/>и <b>жирный</b> текст',
      'Тег через\nстроку: <a\nhref="x">ссылка</a> и «кавычки» > знак < меньше',
      'незакрытый <тег до конца',
      '',
    ];
    const [row] = await queryRows<{ out: string[] }>(
      kit.db,
      sql`select array_agg(regexp_replace(t || ' ' || coalesce(null::text, ''), '<[^>]*>', ' ', 'g') order by n) as out
            from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as x(t, n)`,
    );
    expect(texts.map(storedTextOf)).toEqual(row.out);
  });
});
