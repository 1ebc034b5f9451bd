CREATE TABLE "dashboard_personal_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"personal_theme_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_personal_themes" ADD CONSTRAINT "dashboard_personal_themes_personal_theme_id_personal_themes_id_fk" FOREIGN KEY ("personal_theme_id") REFERENCES "public"."personal_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_personal_themes_theme_uq" ON "dashboard_personal_themes" USING btree ("personal_theme_id");