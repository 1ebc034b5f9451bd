ALTER TABLE "reports" ALTER COLUMN "status" SET DEFAULT 'building';--> statement-breakpoint
ALTER TABLE "report_charts" ADD COLUMN "chart" text;--> statement-breakpoint
ALTER TABLE "report_charts" ADD COLUMN "parameters" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb;