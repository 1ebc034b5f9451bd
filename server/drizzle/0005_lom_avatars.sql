CREATE TABLE "lom_avatars" (
	"file" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
