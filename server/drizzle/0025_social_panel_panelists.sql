CREATE TABLE "social_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_panelists" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" integer NOT NULL,
	"gender" smallint NOT NULL,
	"age" smallint NOT NULL,
	"married" boolean NOT NULL,
	"education" smallint NOT NULL,
	"region_id" integer,
	"joined_on" date NOT NULL,
	"lom_ids" integer[] DEFAULT '{}' NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "social_panelists_gender_check" CHECK ("social_panelists"."gender" in (1, 2)),
	CONSTRAINT "social_panelists_education_check" CHECK ("social_panelists"."education" in (1, 2)),
	CONSTRAINT "social_panelists_age_check" CHECK ("social_panelists"."age" between 0 and 99)
);
--> statement-breakpoint
DROP TABLE "social_panel_graphs" CASCADE;--> statement-breakpoint
ALTER TABLE "social_panelists" ADD CONSTRAINT "social_panelists_panel_id_social_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."social_panels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_panelists" ADD CONSTRAINT "social_panelists_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_panelists_panel_idx" ON "social_panelists" USING btree ("panel_id","id");