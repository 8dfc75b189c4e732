CREATE TABLE "rate_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "zip_made_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_hits_key_idx" ON "rate_hits" USING btree ("bucket","key","at");--> statement-breakpoint
CREATE INDEX "rate_hits_at_idx" ON "rate_hits" USING btree ("at");