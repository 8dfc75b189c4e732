ALTER TABLE "preorders" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE INDEX "preorders_request_hash_idx" ON "preorders" USING btree ("request_hash");