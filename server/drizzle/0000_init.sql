CREATE TABLE "lom_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer NOT NULL,
	"lom_source_id" integer,
	"female_sum" numeric(5, 2) DEFAULT 0 NOT NULL,
	"male_sum" numeric(5, 2) DEFAULT 0 NOT NULL,
	"a0_17" numeric(5, 2) DEFAULT 0 NOT NULL,
	"a18_24" numeric(5, 2) DEFAULT 0 NOT NULL,
	"a25_34" numeric(5, 2) DEFAULT 0 NOT NULL,
	"a35_44" numeric(5, 2) DEFAULT 0 NOT NULL,
	"a45_54" numeric(5, 2) DEFAULT 0 NOT NULL,
	"amore_55" numeric(5, 2) DEFAULT 0 NOT NULL,
	"married" numeric(5, 2) DEFAULT 0 NOT NULL,
	"single" numeric(5, 2) DEFAULT 0 NOT NULL,
	"middle" numeric(5, 2) DEFAULT 0 NOT NULL,
	"higher" numeric(5, 2) DEFAULT 0 NOT NULL,
	"correlated_sum" numeric(5, 2) DEFAULT 0 NOT NULL,
	"anti_correlated_sum" numeric(5, 2) DEFAULT 0 NOT NULL,
	"non_correlated_sum" numeric(5, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_quality_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"quality_part" numeric(5, 2) DEFAULT 0 NOT NULL,
	"mass_part" numeric(5, 2) DEFAULT 0 NOT NULL,
	"lom_part" numeric(5, 2) DEFAULT 0 NOT NULL,
	"bot_part" numeric(5, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_subscriber_history" (
	"lom_id" integer NOT NULL,
	"day" date NOT NULL,
	"subscribers" bigint NOT NULL,
	CONSTRAINT "lom_subscriber_history_lom_id_day_pk" PRIMARY KEY("lom_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"types" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"created_by" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excel_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea",
	"force_create_lom" boolean DEFAULT false NOT NULL,
	"update_flag" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"loms_created" integer DEFAULT 0 NOT NULL,
	"loms_updated" integer DEFAULT 0 NOT NULL,
	"errors_count" integer DEFAULT 0 NOT NULL,
	"report_file_name" text,
	"report_file" "bytea",
	"logs_file_name" text,
	"logs_file" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lom_group_lom_sources" (
	"group_id" integer NOT NULL,
	"lom_source_id" integer NOT NULL,
	CONSTRAINT "lom_group_lom_sources_group_id_lom_source_id_pk" PRIMARY KEY("group_id","lom_source_id")
);
--> statement-breakpoint
CREATE TABLE "lom_group_loms" (
	"group_id" integer NOT NULL,
	"lom_id" integer NOT NULL,
	CONSTRAINT "lom_group_loms_group_id_lom_id_pk" PRIMARY KEY("group_id","lom_id")
);
--> statement-breakpoint
CREATE TABLE "lom_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text,
	"public" boolean DEFAULT false NOT NULL,
	"report_id" integer,
	"owner_id" integer,
	"last_processed" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"is_lomsource" boolean DEFAULT false NOT NULL,
	"mood" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_dashboard_lom_groups" (
	"dashboard_id" integer NOT NULL,
	"lom_group_id" integer NOT NULL,
	CONSTRAINT "new_dashboard_lom_groups_dashboard_id_lom_group_id_pk" PRIMARY KEY("dashboard_id","lom_group_id")
);
--> statement-breakpoint
CREATE TABLE "new_dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_dashboard" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_theme_loms" (
	"personal_theme_id" integer NOT NULL,
	"lom_id" integer NOT NULL,
	"tonality" smallint NOT NULL,
	CONSTRAINT "personal_theme_loms_personal_theme_id_lom_id_pk" PRIMARY KEY("personal_theme_id","lom_id")
);
--> statement-breakpoint
CREATE TABLE "report_charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"mime_type" text DEFAULT 'image/png' NOT NULL,
	"image" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_dashboard_id" integer,
	"name" text NOT NULL,
	"report_type" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"file_name" text,
	"mime_type" text,
	"file" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_dashboard_loms" (
	"theme_id" integer NOT NULL,
	"lom_id" integer NOT NULL,
	"tonality" smallint NOT NULL,
	CONSTRAINT "theme_dashboard_loms_theme_id_lom_id_pk" PRIMARY KEY("theme_id","lom_id")
);
--> statement-breakpoint
CREATE TABLE "upload_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"excel_upload_id" integer,
	"name" text NOT NULL,
	"file_name" text,
	"file" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"source_id" integer
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer,
	"name" text NOT NULL,
	"ai" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "city_themes" (
	"city_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "city_themes_city_id_theme_id_pk" PRIMARY KEY("city_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "content_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cooperation_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_and_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_fact_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_focuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"theme_id" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"ai" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"theme_id" integer,
	"is_segment" boolean DEFAULT false NOT NULL,
	"is_interest" boolean DEFAULT false NOT NULL,
	"is_category" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"ai" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producer_center_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producer_centers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region_themes" (
	"region_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "region_themes_region_id_theme_id_pk" PRIMARY KEY("region_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ai" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thematic_group_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_brands" (
	"lom_id" integer NOT NULL,
	"brand_lom_id" integer NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"si_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "lom_brands_lom_id_brand_lom_id_pk" PRIMARY KEY("lom_id","brand_lom_id")
);
--> statement-breakpoint
CREATE TABLE "lom_fact_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"fact_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"headline" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"wrote_at" timestamp with time zone NOT NULL,
	"source_name" text NOT NULL,
	"source_link" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_facts" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer NOT NULL,
	"lom_fact_id" smallint NOT NULL,
	"fact_name" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_involvements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"lom_id" integer NOT NULL,
	"pc_customer" integer,
	"involvement_type" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"grant" numeric(14, 2),
	"grant_giver" text,
	"fee" numeric(14, 2),
	"release_dates" date[],
	"approval" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_news" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lom_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer NOT NULL,
	"lom_source_id" integer,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"subscribers" bigint DEFAULT 0 NOT NULL,
	"subscribed_lom_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vk_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"group_index" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lom_interests" (
	"lom_id" integer NOT NULL,
	"interest_id" integer NOT NULL,
	"is_ai" boolean DEFAULT false NOT NULL,
	"share" real DEFAULT 0 NOT NULL,
	CONSTRAINT "lom_interests_lom_id_interest_id_pk" PRIMARY KEY("lom_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "lom_list_and_types" (
	"lom_id" integer NOT NULL,
	"list_and_type_id" integer NOT NULL,
	CONSTRAINT "lom_list_and_types_lom_id_list_and_type_id_pk" PRIMARY KEY("lom_id","list_and_type_id")
);
--> statement-breakpoint
CREATE TABLE "lom_lom_focuses" (
	"lom_id" integer NOT NULL,
	"lom_focus_id" integer NOT NULL,
	"actial_percent" real DEFAULT 0 NOT NULL,
	CONSTRAINT "lom_lom_focuses_lom_id_lom_focus_id_pk" PRIMARY KEY("lom_id","lom_focus_id")
);
--> statement-breakpoint
CREATE TABLE "lom_lom_types" (
	"lom_id" integer NOT NULL,
	"lom_type_id" integer NOT NULL,
	"assigned_by_ai" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lom_lom_types_lom_id_lom_type_id_pk" PRIMARY KEY("lom_id","lom_type_id")
);
--> statement-breakpoint
CREATE TABLE "lom_producer_centers" (
	"lom_id" integer NOT NULL,
	"producer_center_id" integer NOT NULL,
	CONSTRAINT "lom_producer_centers_lom_id_producer_center_id_pk" PRIMARY KEY("lom_id","producer_center_id")
);
--> statement-breakpoint
CREATE TABLE "lom_rubrics" (
	"lom_id" integer NOT NULL,
	"rubric_id" integer NOT NULL,
	CONSTRAINT "lom_rubrics_lom_id_rubric_id_pk" PRIMARY KEY("lom_id","rubric_id")
);
--> statement-breakpoint
CREATE TABLE "lom_thematic_groups" (
	"lom_id" integer NOT NULL,
	"thematic_group_type_id" integer NOT NULL,
	CONSTRAINT "lom_thematic_groups_lom_id_thematic_group_type_id_pk" PRIMARY KEY("lom_id","thematic_group_type_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_loms" (
	"user_id" integer NOT NULL,
	"lom_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_loms_user_id_lom_id_pk" PRIMARY KEY("user_id","lom_id")
);
--> statement-breakpoint
CREATE TABLE "lom_data" (
	"lom_id" integer PRIMARY KEY NOT NULL,
	"birth_date" date,
	"birth_day" smallint,
	"birth_month" smallint,
	"country" text,
	"city" text,
	"gender" text,
	"family_status" smallint,
	"occupation" text,
	"activities" text,
	"status" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "lom_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"lom_id" integer,
	"probable_lom_id" integer,
	"source_id" integer NOT NULL,
	"url" text NOT NULL,
	"external_link" text,
	"coverage" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"middlename" text,
	"nickname" text,
	"avatar" text,
	"age" smallint,
	"birth_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"residence_address" text,
	"occupation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"region_type" smallint,
	"category" text,
	"segment" text,
	"typology" text,
	"lom_type_category" text,
	"producer_name" text,
	"awards" text,
	"agency" text,
	"cooperation_id" integer DEFAULT 0 NOT NULL,
	"trust_index" real,
	"influence_index" real,
	"integration_index" real,
	"audience_age" smallint,
	"region_id" integer,
	"city_id" integer,
	"sum_coverage" bigint DEFAULT 0 NOT NULL,
	"subscribers" bigint DEFAULT 0 NOT NULL,
	"total_si" double precision DEFAULT 0 NOT NULL,
	"total_views" bigint DEFAULT 0 NOT NULL,
	"message_number" integer DEFAULT 0 NOT NULL,
	"messages_count" integer DEFAULT 0 NOT NULL,
	"verified_count" integer DEFAULT 0 NOT NULL,
	"quotes_count" integer DEFAULT 0 NOT NULL,
	"average_si" double precision DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fragment_tags" (
	"fragment_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "fragment_tags_fragment_id_tag_id_pk" PRIMARY KEY("fragment_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "fragments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"text" text NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"speech_timestamp" integer,
	"mood" smallint,
	"mood_ai" smallint,
	"theme_id" integer,
	"info_reason_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"wrote_at" timestamp with time zone NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"mood" smallint
);
--> statement-breakpoint
CREATE TABLE "message_markups" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"theme_id" integer,
	"info_reason_id" integer,
	"mood" smallint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_personal_tags" (
	"message_id" integer NOT NULL,
	"personal_tag_id" integer NOT NULL,
	CONSTRAINT "message_personal_tags_message_id_personal_tag_id_pk" PRIMARY KEY("message_id","personal_tag_id")
);
--> statement-breakpoint
CREATE TABLE "message_rubrics" (
	"message_id" integer NOT NULL,
	"rubric_id" integer NOT NULL,
	CONSTRAINT "message_rubrics_message_id_rubric_id_pk" PRIMARY KEY("message_id","rubric_id")
);
--> statement-breakpoint
CREATE TABLE "message_tags" (
	"message_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "message_tags_message_id_tag_id_pk" PRIMARY KEY("message_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer,
	"fragment_id" integer,
	"lom_id" integer,
	"text" text NOT NULL,
	"speech_timestamp" integer,
	"mood" smallint,
	"theme_id" integer,
	"info_reason_id" integer,
	"wrote_at" timestamp with time zone NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"copy_from_id" integer,
	"lom_id" integer,
	"lom_source_id" integer,
	"source_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"extra_source_text" text,
	"extra_ocr_text" text,
	"lom_name" text,
	"wrote_at" timestamp with time zone NOT NULL,
	"url" text,
	"screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sentiment" jsonb,
	"news_id" integer,
	"message_type" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"content_type_id" integer,
	"region_id" integer,
	"city_id" integer,
	"heading_id" integer,
	"channel_id" integer,
	"mood" smallint,
	"mood_ai" smallint,
	"theme_id" integer,
	"info_reason_id" integer,
	"speaker_id" integer,
	"speech_timestamp" integer,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_by_super_editor" boolean DEFAULT false NOT NULL,
	"verified_ai" boolean DEFAULT false NOT NULL,
	"delayed" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"trash" boolean DEFAULT false NOT NULL,
	"from_zephyr" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"si" double precision DEFAULT 0 NOT NULL,
	"number_views" bigint DEFAULT 0 NOT NULL,
	"repost_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"viral_per_cent" real DEFAULT 0 NOT NULL,
	"fragment_presence" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"url" text,
	"source_name" text,
	"wrote_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news_statistics" (
	"news_id" integer PRIMARY KEY NOT NULL,
	"total_si" double precision DEFAULT 0 NOT NULL,
	"total_views" bigint DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"mood_table" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"lom_id" integer,
	"text" text NOT NULL,
	"audio" text,
	"video" text,
	"message_id" integer
);
--> statement-breakpoint
CREATE TABLE "conversation_themes" (
	"conversation_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "conversation_themes_conversation_id_theme_id_pk" PRIMARY KEY("conversation_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"wrote_at" timestamp with time zone NOT NULL,
	"channel_id" integer,
	"si" double precision DEFAULT 0 NOT NULL,
	"number_views" bigint DEFAULT 0 NOT NULL,
	"json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_panel_graphs" (
	"panel_id" integer NOT NULL,
	"graph" text NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_panel_graphs_panel_id_graph_pk" PRIMARY KEY("panel_id","graph"),
	CONSTRAINT "social_panel_graphs_graph_check" CHECK (graph in ('age', 'education', 'family_status', 'gender', 'geo', 'subscribers', 'top_groups', 'top_loms'))
);
--> statement-breakpoint
CREATE TABLE "social_panel_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_panel_loms" (
	"panel_id" integer NOT NULL,
	"lom_id" integer NOT NULL,
	"is_candidate" boolean DEFAULT false NOT NULL,
	"share" real DEFAULT 0 NOT NULL,
	CONSTRAINT "social_panel_loms_panel_id_lom_id_pk" PRIMARY KEY("panel_id","lom_id")
);
--> statement-breakpoint
CREATE TABLE "social_panels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"panelists_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_daily_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"lom_id" integer,
	"source_id" integer,
	"theme_id" integer,
	"info_reason_id" integer,
	"mood" smallint,
	"live" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"si_sum" double precision DEFAULT 0 NOT NULL,
	"views_sum" bigint DEFAULT 0 NOT NULL,
	"reposts_sum" bigint DEFAULT 0 NOT NULL,
	"comments_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_daily_stats_key" UNIQUE NULLS NOT DISTINCT("day","lom_id","source_id","theme_id","info_reason_id","mood","live","verified")
);
--> statement-breakpoint
CREATE TABLE "favourite_info_reasons" (
	"user_id" integer NOT NULL,
	"info_reason_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_info_reasons_user_id_info_reason_id_pk" PRIMARY KEY("user_id","info_reason_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_themes" (
	"user_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_themes_user_id_theme_id_pk" PRIMARY KEY("user_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "info_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT 'без имени' NOT NULL,
	"theme_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"target_tonality" smallint,
	"ai" boolean DEFAULT false NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "personal_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text DEFAULT 'без имени' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubric_themes" (
	"rubric_id" integer NOT NULL,
	"theme_id" integer NOT NULL,
	CONSTRAINT "rubric_themes_rubric_id_theme_id_pk" PRIMARY KEY("rubric_id","theme_id")
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'rubric' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubrics_type_check" CHECK ("rubrics"."type" in ('theme', 'rubric'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT 'без имени' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"draft" boolean DEFAULT false NOT NULL,
	"created_by_ai" boolean DEFAULT false NOT NULL,
	"service" boolean DEFAULT false NOT NULL,
	"cluster_type" smallint,
	"actual" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permission_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ui_permissions" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"type" smallint NOT NULL,
	"action" text NOT NULL,
	"message_id" integer,
	"theme_id" integer,
	"info_reason_id" integer,
	"lom_id" integer,
	"old_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" smallint DEFAULT 0 NOT NULL,
	"organization_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"ui_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"extra_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"daily_dashboard_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lom_audiences" ADD CONSTRAINT "lom_audiences_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_audiences" ADD CONSTRAINT "lom_audiences_lom_source_id_lom_sources_id_fk" FOREIGN KEY ("lom_source_id") REFERENCES "public"."lom_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_quality_audiences" ADD CONSTRAINT "lom_quality_audiences_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_quality_audiences" ADD CONSTRAINT "lom_quality_audiences_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_subscriber_history" ADD CONSTRAINT "lom_subscriber_history_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_configurations" ADD CONSTRAINT "dashboard_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_themes" ADD CONSTRAINT "dashboard_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_themes" ADD CONSTRAINT "dashboard_themes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excel_uploads" ADD CONSTRAINT "excel_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_group_lom_sources" ADD CONSTRAINT "lom_group_lom_sources_group_id_lom_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lom_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_group_lom_sources" ADD CONSTRAINT "lom_group_lom_sources_lom_source_id_lom_sources_id_fk" FOREIGN KEY ("lom_source_id") REFERENCES "public"."lom_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_group_loms" ADD CONSTRAINT "lom_group_loms_group_id_lom_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lom_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_group_loms" ADD CONSTRAINT "lom_group_loms_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_groups" ADD CONSTRAINT "lom_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_dashboard_lom_groups" ADD CONSTRAINT "new_dashboard_lom_groups_dashboard_id_new_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."new_dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_dashboard_lom_groups" ADD CONSTRAINT "new_dashboard_lom_groups_lom_group_id_lom_groups_id_fk" FOREIGN KEY ("lom_group_id") REFERENCES "public"."lom_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_dashboards" ADD CONSTRAINT "new_dashboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_theme_loms" ADD CONSTRAINT "personal_theme_loms_personal_theme_id_personal_themes_id_fk" FOREIGN KEY ("personal_theme_id") REFERENCES "public"."personal_themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_theme_loms" ADD CONSTRAINT "personal_theme_loms_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_charts" ADD CONSTRAINT "report_charts_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_new_dashboard_id_new_dashboards_id_fk" FOREIGN KEY ("new_dashboard_id") REFERENCES "public"."new_dashboards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_dashboard_loms" ADD CONSTRAINT "theme_dashboard_loms_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_dashboard_loms" ADD CONSTRAINT "theme_dashboard_loms_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reports" ADD CONSTRAINT "upload_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reports" ADD CONSTRAINT "upload_reports_excel_upload_id_excel_uploads_id_fk" FOREIGN KEY ("excel_upload_id") REFERENCES "public"."excel_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_themes" ADD CONSTRAINT "city_themes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_themes" ADD CONSTRAINT "city_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_focuses" ADD CONSTRAINT "lom_focuses_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_types" ADD CONSTRAINT "lom_types_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_centers" ADD CONSTRAINT "producer_centers_type_id_producer_center_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."producer_center_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_themes" ADD CONSTRAINT "region_themes_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_themes" ADD CONSTRAINT "region_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_brands" ADD CONSTRAINT "lom_brands_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_brands" ADD CONSTRAINT "lom_brands_brand_lom_id_loms_id_fk" FOREIGN KEY ("brand_lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_fact_articles" ADD CONSTRAINT "lom_fact_articles_fact_id_lom_facts_id_fk" FOREIGN KEY ("fact_id") REFERENCES "public"."lom_facts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_facts" ADD CONSTRAINT "lom_facts_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_facts" ADD CONSTRAINT "lom_facts_lom_fact_id_lom_fact_types_id_fk" FOREIGN KEY ("lom_fact_id") REFERENCES "public"."lom_fact_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_involvements" ADD CONSTRAINT "lom_involvements_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_involvements" ADD CONSTRAINT "lom_involvements_pc_customer_producer_centers_id_fk" FOREIGN KEY ("pc_customer") REFERENCES "public"."producer_centers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_news" ADD CONSTRAINT "lom_news_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_subscriptions" ADD CONSTRAINT "lom_subscriptions_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_subscriptions" ADD CONSTRAINT "lom_subscriptions_lom_source_id_lom_sources_id_fk" FOREIGN KEY ("lom_source_id") REFERENCES "public"."lom_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_subscriptions" ADD CONSTRAINT "lom_subscriptions_subscribed_lom_id_loms_id_fk" FOREIGN KEY ("subscribed_lom_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vk_groups" ADD CONSTRAINT "vk_groups_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_interests" ADD CONSTRAINT "lom_interests_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_interests" ADD CONSTRAINT "lom_interests_interest_id_interests_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_list_and_types" ADD CONSTRAINT "lom_list_and_types_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_list_and_types" ADD CONSTRAINT "lom_list_and_types_list_and_type_id_list_and_types_id_fk" FOREIGN KEY ("list_and_type_id") REFERENCES "public"."list_and_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_lom_focuses" ADD CONSTRAINT "lom_lom_focuses_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_lom_focuses" ADD CONSTRAINT "lom_lom_focuses_lom_focus_id_lom_focuses_id_fk" FOREIGN KEY ("lom_focus_id") REFERENCES "public"."lom_focuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_lom_types" ADD CONSTRAINT "lom_lom_types_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_lom_types" ADD CONSTRAINT "lom_lom_types_lom_type_id_lom_types_id_fk" FOREIGN KEY ("lom_type_id") REFERENCES "public"."lom_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_producer_centers" ADD CONSTRAINT "lom_producer_centers_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_producer_centers" ADD CONSTRAINT "lom_producer_centers_producer_center_id_producer_centers_id_fk" FOREIGN KEY ("producer_center_id") REFERENCES "public"."producer_centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_rubrics" ADD CONSTRAINT "lom_rubrics_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_rubrics" ADD CONSTRAINT "lom_rubrics_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_thematic_groups" ADD CONSTRAINT "lom_thematic_groups_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_thematic_groups" ADD CONSTRAINT "lom_thematic_groups_thematic_group_type_id_thematic_group_types_id_fk" FOREIGN KEY ("thematic_group_type_id") REFERENCES "public"."thematic_group_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_loms" ADD CONSTRAINT "favourite_loms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_loms" ADD CONSTRAINT "favourite_loms_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_data" ADD CONSTRAINT "lom_data_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_sources" ADD CONSTRAINT "lom_sources_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_sources" ADD CONSTRAINT "lom_sources_probable_lom_id_loms_id_fk" FOREIGN KEY ("probable_lom_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lom_sources" ADD CONSTRAINT "lom_sources_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loms" ADD CONSTRAINT "loms_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loms" ADD CONSTRAINT "loms_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragment_tags" ADD CONSTRAINT "fragment_tags_fragment_id_fragments_id_fk" FOREIGN KEY ("fragment_id") REFERENCES "public"."fragments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragment_tags" ADD CONSTRAINT "fragment_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fragments" ADD CONSTRAINT "fragments_info_reason_id_info_reasons_id_fk" FOREIGN KEY ("info_reason_id") REFERENCES "public"."info_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_comments" ADD CONSTRAINT "message_comments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_markups" ADD CONSTRAINT "message_markups_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_markups" ADD CONSTRAINT "message_markups_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_markups" ADD CONSTRAINT "message_markups_info_reason_id_info_reasons_id_fk" FOREIGN KEY ("info_reason_id") REFERENCES "public"."info_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_markups" ADD CONSTRAINT "message_markups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_personal_tags" ADD CONSTRAINT "message_personal_tags_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_personal_tags" ADD CONSTRAINT "message_personal_tags_personal_tag_id_personal_tags_id_fk" FOREIGN KEY ("personal_tag_id") REFERENCES "public"."personal_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_rubrics" ADD CONSTRAINT "message_rubrics_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_rubrics" ADD CONSTRAINT "message_rubrics_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_tags" ADD CONSTRAINT "message_tags_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_tags" ADD CONSTRAINT "message_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_fragment_id_fragments_id_fk" FOREIGN KEY ("fragment_id") REFERENCES "public"."fragments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_info_reason_id_info_reasons_id_fk" FOREIGN KEY ("info_reason_id") REFERENCES "public"."info_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_copy_from_id_messages_id_fk" FOREIGN KEY ("copy_from_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lom_source_id_lom_sources_id_fk" FOREIGN KEY ("lom_source_id") REFERENCES "public"."lom_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_type_id_content_types_id_fk" FOREIGN KEY ("content_type_id") REFERENCES "public"."content_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_heading_id_headings_id_fk" FOREIGN KEY ("heading_id") REFERENCES "public"."headings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_info_reason_id_info_reasons_id_fk" FOREIGN KEY ("info_reason_id") REFERENCES "public"."info_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_speaker_id_loms_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_statistics" ADD CONSTRAINT "news_statistics_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_results" ADD CONSTRAINT "conversation_results_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_results" ADD CONSTRAINT "conversation_results_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_results" ADD CONSTRAINT "conversation_results_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_themes" ADD CONSTRAINT "conversation_themes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_themes" ADD CONSTRAINT "conversation_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_panel_graphs" ADD CONSTRAINT "social_panel_graphs_panel_id_social_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."social_panels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_panel_loms" ADD CONSTRAINT "social_panel_loms_panel_id_social_panels_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."social_panels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_panel_loms" ADD CONSTRAINT "social_panel_loms_lom_id_loms_id_fk" FOREIGN KEY ("lom_id") REFERENCES "public"."loms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_panels" ADD CONSTRAINT "social_panels_group_id_social_panel_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."social_panel_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_info_reasons" ADD CONSTRAINT "favourite_info_reasons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_info_reasons" ADD CONSTRAINT "favourite_info_reasons_info_reason_id_info_reasons_id_fk" FOREIGN KEY ("info_reason_id") REFERENCES "public"."info_reasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_themes" ADD CONSTRAINT "favourite_themes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_themes" ADD CONSTRAINT "favourite_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_reasons" ADD CONSTRAINT "info_reasons_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_reasons" ADD CONSTRAINT "info_reasons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_tags" ADD CONSTRAINT "personal_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_themes" ADD CONSTRAINT "personal_themes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_themes" ADD CONSTRAINT "rubric_themes_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_themes" ADD CONSTRAINT "rubric_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lom_audiences_lom_uq" ON "lom_audiences" USING btree ("lom_id") WHERE "lom_audiences"."lom_source_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lom_audiences_lom_source_uq" ON "lom_audiences" USING btree ("lom_source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lom_quality_audiences_uq" ON "lom_quality_audiences" USING btree ("lom_id","source_id");--> statement-breakpoint
CREATE INDEX "lom_subscriber_history_day_idx" ON "lom_subscriber_history" USING btree ("day");--> statement-breakpoint
CREATE INDEX "dashboard_configurations_user_idx" ON "dashboard_configurations" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_themes_theme_uq" ON "dashboard_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "excel_uploads_user_created_idx" ON "excel_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lom_group_lom_sources_source_idx" ON "lom_group_lom_sources" USING btree ("lom_source_id");--> statement-breakpoint
CREATE INDEX "lom_group_loms_lom_idx" ON "lom_group_loms" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "lom_groups_owner_idx" ON "lom_groups" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "lom_groups_report_idx" ON "lom_groups" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "new_dashboard_lom_groups_group_idx" ON "new_dashboard_lom_groups" USING btree ("lom_group_id");--> statement-breakpoint
CREATE INDEX "new_dashboards_user_idx" ON "new_dashboards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_theme_loms_lom_idx" ON "personal_theme_loms" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "report_charts_report_idx" ON "report_charts" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "reports_user_created_idx" ON "reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "theme_dashboard_loms_lom_idx" ON "theme_dashboard_loms" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "upload_reports_user_created_idx" ON "upload_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cities_region_idx" ON "cities" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "cities_name_lower_idx" ON "cities" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "city_themes_theme_idx" ON "city_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "lom_focuses_theme_idx" ON "lom_focuses" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "lom_types_theme_idx" ON "lom_types" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "producer_centers_type_idx" ON "producer_centers" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "region_themes_theme_idx" ON "region_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "regions_name_lower_idx" ON "regions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "lom_brands_brand_idx" ON "lom_brands" USING btree ("brand_lom_id");--> statement-breakpoint
CREATE INDEX "lom_fact_articles_fact_idx" ON "lom_fact_articles" USING btree ("fact_id","wrote_at");--> statement-breakpoint
CREATE INDEX "lom_facts_lom_date_idx" ON "lom_facts" USING btree ("lom_id","date");--> statement-breakpoint
CREATE INDEX "lom_facts_type_idx" ON "lom_facts" USING btree ("lom_fact_id");--> statement-breakpoint
CREATE INDEX "lom_involvements_lom_idx" ON "lom_involvements" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "lom_involvements_pc_idx" ON "lom_involvements" USING btree ("pc_customer");--> statement-breakpoint
CREATE INDEX "lom_news_lom_idx" ON "lom_news" USING btree ("lom_id","updated_at");--> statement-breakpoint
CREATE INDEX "lom_subscriptions_lom_idx" ON "lom_subscriptions" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "vk_groups_lom_idx" ON "vk_groups" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "lom_interests_interest_idx" ON "lom_interests" USING btree ("interest_id");--> statement-breakpoint
CREATE INDEX "lom_list_and_types_type_idx" ON "lom_list_and_types" USING btree ("list_and_type_id");--> statement-breakpoint
CREATE INDEX "lom_lom_focuses_focus_idx" ON "lom_lom_focuses" USING btree ("lom_focus_id");--> statement-breakpoint
CREATE INDEX "lom_lom_types_type_idx" ON "lom_lom_types" USING btree ("lom_type_id");--> statement-breakpoint
CREATE INDEX "lom_producer_centers_pc_idx" ON "lom_producer_centers" USING btree ("producer_center_id");--> statement-breakpoint
CREATE INDEX "lom_rubrics_rubric_idx" ON "lom_rubrics" USING btree ("rubric_id");--> statement-breakpoint
CREATE INDEX "lom_thematic_groups_type_idx" ON "lom_thematic_groups" USING btree ("thematic_group_type_id");--> statement-breakpoint
CREATE INDEX "favourite_loms_lom_idx" ON "favourite_loms" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "lom_sources_lom_idx" ON "lom_sources" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "lom_sources_probable_lom_idx" ON "lom_sources" USING btree ("probable_lom_id");--> statement-breakpoint
CREATE INDEX "lom_sources_source_idx" ON "lom_sources" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "lom_sources_unbound_idx" ON "lom_sources" USING btree ("id") WHERE "lom_sources"."lom_id" is null;--> statement-breakpoint
CREATE INDEX "loms_name_lower_idx" ON "loms" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loms_active_idx" ON "loms" USING btree ("is_active","archived");--> statement-breakpoint
CREATE INDEX "loms_region_idx" ON "loms" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "loms_total_si_idx" ON "loms" USING btree ("total_si");--> statement-breakpoint
CREATE INDEX "fragment_tags_tag_idx" ON "fragment_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "fragments_message_idx" ON "fragments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "fragments_theme_idx" ON "fragments" USING btree ("theme_id") WHERE "fragments"."theme_id" is not null;--> statement-breakpoint
CREATE INDEX "fragments_info_reason_idx" ON "fragments" USING btree ("info_reason_id") WHERE "fragments"."info_reason_id" is not null;--> statement-breakpoint
CREATE INDEX "message_comments_message_idx" ON "message_comments" USING btree ("message_id","wrote_at");--> statement-breakpoint
CREATE INDEX "message_markups_message_idx" ON "message_markups" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_markups_theme_idx" ON "message_markups" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "message_markups_info_reason_idx" ON "message_markups" USING btree ("info_reason_id");--> statement-breakpoint
CREATE INDEX "message_personal_tags_tag_idx" ON "message_personal_tags" USING btree ("personal_tag_id");--> statement-breakpoint
CREATE INDEX "message_rubrics_rubric_idx" ON "message_rubrics" USING btree ("rubric_id");--> statement-breakpoint
CREATE INDEX "message_tags_tag_idx" ON "message_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "quotes_wrote_at_idx" ON "quotes" USING btree ("wrote_at");--> statement-breakpoint
CREATE INDEX "quotes_lom_wrote_at_idx" ON "quotes" USING btree ("lom_id","wrote_at");--> statement-breakpoint
CREATE INDEX "quotes_message_idx" ON "quotes" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "quotes_theme_idx" ON "quotes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "quotes_fragment_idx" ON "quotes" USING btree ("fragment_id") WHERE "quotes"."fragment_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_wrote_at_idx" ON "messages" USING btree ("wrote_at","id","lom_id","source_id","theme_id","info_reason_id","mood","message_type","state","content_type_id","region_id","city_id","verified","verified_by_super_editor","verified_ai","trash","archived","delayed","from_zephyr");--> statement-breakpoint
CREATE INDEX "messages_lom_wrote_at_idx" ON "messages" USING btree ("lom_id","wrote_at");--> statement-breakpoint
CREATE INDEX "messages_theme_wrote_at_idx" ON "messages" USING btree ("theme_id","wrote_at");--> statement-breakpoint
CREATE INDEX "messages_info_reason_wrote_at_idx" ON "messages" USING btree ("info_reason_id","wrote_at");--> statement-breakpoint
CREATE INDEX "messages_region_wrote_at_idx" ON "messages" USING btree ("region_id","wrote_at");--> statement-breakpoint
CREATE INDEX "messages_lom_source_idx" ON "messages" USING btree ("lom_source_id");--> statement-breakpoint
CREATE INDEX "messages_zephyr_wrote_at_idx" ON "messages" USING btree ("wrote_at") WHERE "messages"."from_zephyr";--> statement-breakpoint
CREATE INDEX "messages_news_idx" ON "messages" USING btree ("news_id") WHERE "messages"."news_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_speaker_idx" ON "messages" USING btree ("speaker_id") WHERE "messages"."speaker_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_copy_from_idx" ON "messages" USING btree ("copy_from_id") WHERE "messages"."copy_from_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_viral_idx" ON "messages" USING btree ("wrote_at") WHERE "messages"."viral_per_cent" >= 100;--> statement-breakpoint
CREATE INDEX "news_wrote_at_idx" ON "news" USING btree ("wrote_at");--> statement-breakpoint
CREATE INDEX "conversation_results_conversation_idx" ON "conversation_results" USING btree ("conversation_id","position");--> statement-breakpoint
CREATE INDEX "conversation_results_lom_idx" ON "conversation_results" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "conversation_themes_theme_idx" ON "conversation_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "conversations_wrote_at_idx" ON "conversations" USING btree ("wrote_at");--> statement-breakpoint
CREATE INDEX "social_panel_loms_lom_idx" ON "social_panel_loms" USING btree ("lom_id");--> statement-breakpoint
CREATE INDEX "social_panels_group_idx" ON "social_panels" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "message_daily_stats_theme_day_idx" ON "message_daily_stats" USING btree ("theme_id","day");--> statement-breakpoint
CREATE INDEX "message_daily_stats_lom_day_idx" ON "message_daily_stats" USING btree ("lom_id","day");--> statement-breakpoint
CREATE INDEX "message_daily_stats_info_reason_day_idx" ON "message_daily_stats" USING btree ("info_reason_id","day") WHERE "message_daily_stats"."info_reason_id" is not null;--> statement-breakpoint
CREATE INDEX "favourite_info_reasons_reason_idx" ON "favourite_info_reasons" USING btree ("info_reason_id");--> statement-breakpoint
CREATE INDEX "favourite_themes_theme_idx" ON "favourite_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "info_reasons_theme_idx" ON "info_reasons" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "info_reasons_state_idx" ON "info_reasons" USING btree ("archived","active","ai");--> statement-breakpoint
CREATE INDEX "info_reasons_name_lower_idx" ON "info_reasons" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "personal_tags_user_name_uq" ON "personal_tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "personal_themes_user_idx" ON "personal_themes" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "rubric_themes_theme_idx" ON "rubric_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "rubrics_type_idx" ON "rubrics" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "themes_name_lower_idx" ON "themes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "themes_state_idx" ON "themes" USING btree ("archived","active","created_by_ai");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_key_hash_uq" ON "auth_tokens" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_actions_created_idx" ON "user_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_actions_message_idx" ON "user_actions" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "user_actions_theme_idx" ON "user_actions" USING btree ("theme_id");--> statement-breakpoint
CREATE INDEX "user_actions_info_reason_idx" ON "user_actions" USING btree ("info_reason_id");--> statement-breakpoint
CREATE INDEX "user_actions_user_idx" ON "user_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");