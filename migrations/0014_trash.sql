CREATE TABLE "trash_items" (
	"id" text PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"label" text,
	"rows" jsonb NOT NULL,
	"deleted_by_id" text,
	"deleted_by_name" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trash_items_record_idx" ON "trash_items" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "trash_items_deleted_at_idx" ON "trash_items" USING btree ("deleted_at","id");