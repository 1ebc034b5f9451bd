CREATE TABLE "message_text_shingles" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"shingles" integer[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lom_sources_url_key_idx" ON "lom_sources" USING btree (lower(regexp_replace(regexp_replace(regexp_replace(btrim("url"), '^https?://', '', 'i'), '^www\.', '', 'i'), '/+$', '')));