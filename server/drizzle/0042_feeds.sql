CREATE TABLE "feed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"http_status" smallint,
	"fetched" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"source_id" integer NOT NULL,
	"lom_id" integer,
	"lom_source_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"interval_minutes" integer DEFAULT 15 NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"etag" text,
	"last_modified" text,
	"last_fetch_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_status" smallint,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_runs" ADD CONSTRAINT "feed_runs_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_lom_source_id_lom_sources_id_fk" FOREIGN KEY ("lom_source_id") REFERENCES "public"."lom_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_runs_feed_idx" ON "feed_runs" USING btree ("feed_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_kind_url_uq" ON "feeds" USING btree ("kind","url");--> statement-breakpoint
CREATE INDEX "feeds_due_idx" ON "feeds" USING btree ("next_run_at") WHERE "feeds"."enabled";--> statement-breakpoint
CREATE INDEX "feeds_lom_source_idx" ON "feeds" USING btree ("lom_source_id");--> statement-breakpoint
CREATE INDEX "feeds_lom_idx" ON "feeds" USING btree ("lom_id");