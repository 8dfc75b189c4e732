CREATE TABLE "start_list" (
	"race_id" integer NOT NULL,
	"bib" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"distance" text DEFAULT '' NOT NULL,
	"team" text DEFAULT '' NOT NULL,
	CONSTRAINT "start_list_race_id_bib_pk" PRIMARY KEY("race_id","bib")
);
--> statement-breakpoint
ALTER TABLE "bib_suggestions" ADD COLUMN "evidence_photo_id" integer;--> statement-breakpoint
ALTER TABLE "photo_recognitions" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "camera" text;--> statement-breakpoint
ALTER TABLE "start_list" ADD CONSTRAINT "start_list_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bib_suggestions" ADD CONSTRAINT "bib_suggestions_evidence_photo_id_photos_id_fk" FOREIGN KEY ("evidence_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_race_taken_idx" ON "photos" USING btree ("race_id","taken_at");--> statement-breakpoint
CREATE TRIGGER "timing_passings_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "timing_passings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
