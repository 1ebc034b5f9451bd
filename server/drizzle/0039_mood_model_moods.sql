ALTER TABLE "mood_models" ADD COLUMN "weighted_f1" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "macro_f1_low" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "macro_f1_high" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "moods" smallint[] DEFAULT '{1,2,3,4,5,6}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "calibration" jsonb;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "previous_weighted_f1" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "difference_macro_f1" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "difference_low" real;--> statement-breakpoint
ALTER TABLE "mood_models" ADD COLUMN "difference_high" real;