CREATE TABLE "photo_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"bib" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_claims" ADD CONSTRAINT "photo_claims_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_claims" ADD CONSTRAINT "photo_claims_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_claims" ADD CONSTRAINT "photo_claims_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_claims_photo_bib_key" ON "photo_claims" USING btree ("photo_id","bib");--> statement-breakpoint
CREATE INDEX "photo_claims_race_status_idx" ON "photo_claims" USING btree ("race_id","status","bib");--> statement-breakpoint
-- A runner's claim shows their photo as "might be you" to their number's search (catalog/race-photos.ts mightBe), so
-- a claim made or decided changes what a cached page shows, as a review suggestion does (0021).
CREATE TRIGGER "photo_claims_catalog_progress" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photo_claims" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"('progress');
