-- Catalogue imports: each dry run's plan (with the version of every product it touches), which its
-- commit applies exactly and its undo puts back, its counts and the first of its errors.
CREATE TABLE "product_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"creates" integer NOT NULL,
	"updates" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"errors" integer NOT NULL,
	"plan" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "product_imports_created_at_idx" ON "product_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_imports_status_idx" ON "product_imports" USING btree ("status","created_at","id");