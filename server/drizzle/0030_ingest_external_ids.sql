CREATE TABLE "message_text_bands" (
	"key" bigint NOT NULL,
	"message_id" integer NOT NULL,
	CONSTRAINT "message_text_bands_key_message_id_pk" PRIMARY KEY("key","message_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_source_external_idx" ON "messages" USING btree ("source_id","external_id") WHERE "messages"."external_id" is not null;