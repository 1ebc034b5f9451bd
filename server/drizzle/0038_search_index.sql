-- Full-text search of messages (docs/search.md). The column is added without a default, so the ALTER changes only the
-- catalogue and blocks nothing. New and changed rows get their vector from the trigger below, in their own statement
-- and transaction; rows already there are filled in batches after start, and the GIN index is built after them
-- (CONCURRENTLY on PostgreSQL) by domain/search/search-index-queries.ts, so no write waits for the length of the build.
ALTER TABLE "messages" ADD COLUMN "search_vector" "tsvector";
--> statement-breakpoint
-- The domains of an address, each with its parents down to two labels: https://www.news.ria.ru/… gives
-- " www.news.ria.ru news.ria.ru ria.ru", so that url:ria.ru finds the subdomains too. PL/pgSQL, as the next one: a
-- trigger calls them for every row, and PL/pgSQL keeps its plans for the session where an SQL function that cannot
-- be inlined is planned again at each call (measured: 69 → 46 µs a row on insert).
CREATE OR REPLACE FUNCTION message_search_hosts(url text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
declare
  host text := lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)'));
  labels text[];
  hosts text := '';
begin
  if host is null then return ''; end if;
  labels := string_to_array(host, '.');
  for i in 1 .. coalesce(array_length(labels, 1), 0) - 1 loop
    hosts := hosts || ' ' || array_to_string(labels[i:], '.');
  end loop;
  return hosts;
end
$$;
--> statement-breakpoint
-- One vector, four layers told apart by weight: D the stems of the text, its extra source text and its OCR text
-- (PostgreSQL's russian Snowball, english for Latin words); C their exact word forms, stop words kept (phrases and
-- prefixes); B the author's name, stemmed; A the address's domains. «ё» is read as «е» everywhere. At most the first
-- 100,000 characters are indexed, which keeps a vector well under PostgreSQL's 1 MB limit. The expression index of
-- quotes evaluates it during maintenance (CREATE INDEX, ANALYZE), where PostgreSQL 17 (PGlite) searches pg_catalog
-- only: hence the schema on its own helper.
CREATE OR REPLACE FUNCTION message_search_vector(body text, extra text, ocr text, author text, url text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
declare
  b text := translate(left(concat_ws(E'\n', body, extra, ocr), 100000), 'ёЁ', 'еЕ');
begin
  return to_tsvector('russian', b) || setweight(to_tsvector('simple', b), 'C')
      || setweight(to_tsvector('russian', translate(left(coalesce(author, ''), 1000), 'ёЁ', 'еЕ')), 'B')
      || setweight(to_tsvector('simple', public.message_search_hosts(left(url, 2000))), 'A');
end
$$;
--> statement-breakpoint
-- The tsquery of one operand of a query: words parsed as the vector parses them (phraseto_tsquery: adjacent, in order,
-- nothing of tsquery's own syntax read from the words), each lexeme restricted to a layer's weight and, for a
-- prefix, marked :* (weight '' leaves the lexemes unrestricted: highlighting). The lexemes come quoted from tsquery's own output, so the rewrite cannot inject an operator.
CREATE OR REPLACE FUNCTION search_tsquery(words text, config regconfig, weight text, prefix boolean) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select regexp_replace(
           phraseto_tsquery(config, translate(words, 'ёЁ', 'еЕ'))::text,
           '''((?:[^'']|'''')*)''',
           '''\1''' || case when prefix or weight <> '' then ':' || case when prefix then '*' else '' end || weight else '' end,
           'g')::tsquery
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_search_vector_set() RETURNS trigger
LANGUAGE plpgsql AS $$
begin
  new.search_vector := message_search_vector(new.text, new.extra_source_text, new.extra_ocr_text, new.lom_name, new.url);
  return new;
end
$$;
--> statement-breakpoint
CREATE TRIGGER messages_search_vector_insert
  BEFORE INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_search_vector_set();
--> statement-breakpoint
-- On update only when a searched column really changes: the ingestion rewrites url (and counts) of every message it
-- sees again, and recomputing an unchanged vector would cost each of those rows.
CREATE TRIGGER messages_search_vector_update
  BEFORE UPDATE OF text, extra_source_text, extra_ocr_text, lom_name, url ON messages
  FOR EACH ROW
  WHEN (old.text IS DISTINCT FROM new.text OR old.extra_source_text IS DISTINCT FROM new.extra_source_text
        OR old.extra_ocr_text IS DISTINCT FROM new.extra_ocr_text OR old.lom_name IS DISTINCT FROM new.lom_name
        OR old.url IS DISTINCT FROM new.url)
  EXECUTE FUNCTION messages_search_vector_set();
--> statement-breakpoint
-- ALWAYS: the demo loader writes messages with session_replication_role = replica (no foreign-key or rollup
-- triggers), and its rows need their vectors all the same.
ALTER TABLE messages ENABLE ALWAYS TRIGGER messages_search_vector_insert;
--> statement-breakpoint
ALTER TABLE messages ENABLE ALWAYS TRIGGER messages_search_vector_update;
--> statement-breakpoint
-- The planner weighs the GIN index against walking the date index by each lexeme's frequency; with the default
-- statistics (about 1,000 most common lexemes) every rarer word looks as frequent as the rarest of them.
ALTER TABLE messages ALTER COLUMN search_vector SET STATISTICS 1000;
