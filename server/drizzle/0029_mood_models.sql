CREATE TABLE "mood_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"created_by" integer,
	"training_size" integer NOT NULL,
	"test_size" integer NOT NULL,
	"verified_count" integer NOT NULL,
	"test_from" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"accuracy" real NOT NULL,
	"macro_f1" real NOT NULL,
	"confusion" jsonb NOT NULL,
	"per_mood" jsonb NOT NULL,
	"baseline_mood" smallint NOT NULL,
	"baseline_accuracy" real NOT NULL,
	"baseline_macro_f1" real NOT NULL,
	"previous_id" integer,
	"previous_accuracy" real,
	"previous_macro_f1" real,
	"previous_confusion" jsonb,
	"hash_bits" smallint NOT NULL,
	"feature_version" smallint NOT NULL,
	"weights" "bytea" NOT NULL,
	"accepted" boolean NOT NULL,
	"active" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mood_ai_confidence" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD CONSTRAINT "mood_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mood_models_one_active_idx" ON "mood_models" USING btree ("active") WHERE "mood_models"."active";--> statement-breakpoint
CREATE INDEX "mood_models_created_idx" ON "mood_models" USING btree ("created_at");