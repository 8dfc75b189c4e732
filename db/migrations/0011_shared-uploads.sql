CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"size" bigint,
	"received" bigint DEFAULT 0 NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ingest_claimed_at" timestamp with time zone,
	"outcome" jsonb,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");