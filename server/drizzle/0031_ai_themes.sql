CREATE TABLE "ai_theme_proposals" (
	"theme_id" integer PRIMARY KEY NOT NULL,
	"terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_markups" ADD COLUMN "ai" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_markups" ADD COLUMN "ai_score" real;--> statement-breakpoint
ALTER TABLE "ai_theme_proposals" ADD CONSTRAINT "ai_theme_proposals_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_markups_ai_theme_idx" ON "message_markups" USING btree ("theme_id","message_id") WHERE "message_markups"."ai";