CREATE TABLE "bib_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"photo_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"bib" integer NOT NULL,
	"confidence" real NOT NULL,
	"box" jsonb NOT NULL,
	"doubts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"corrected_bib" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_recognitions" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frame_width" integer DEFAULT 0 NOT NULL,
	"frame_height" integer DEFAULT 0 NOT NULL,
	"ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	"recognized_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_recognition_settings" (
	"race_id" integer PRIMARY KEY NOT NULL,
	"auto_threshold" real,
	"timing_window_seconds" integer,
	"timing_offset_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "timing_passings" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"bib" integer NOT NULL,
	"passed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bib_suggestions" ADD CONSTRAINT "bib_suggestions_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bib_suggestions" ADD CONSTRAINT "bib_suggestions_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bib_suggestions" ADD CONSTRAINT "bib_suggestions_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_recognitions" ADD CONSTRAINT "photo_recognitions_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_recognitions" ADD CONSTRAINT "photo_recognitions_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_recognition_settings" ADD CONSTRAINT "race_recognition_settings_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timing_passings" ADD CONSTRAINT "timing_passings_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bib_suggestions_photo_bib_key" ON "bib_suggestions" USING btree ("photo_id","bib");--> statement-breakpoint
CREATE INDEX "bib_suggestions_race_status_idx" ON "bib_suggestions" USING btree ("race_id","status");--> statement-breakpoint
CREATE INDEX "photo_recognitions_race_idx" ON "photo_recognitions" USING btree ("race_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "timing_passings_key" ON "timing_passings" USING btree ("race_id","bib","passed_at");--> statement-breakpoint
CREATE INDEX "timing_passings_race_at_idx" ON "timing_passings" USING btree ("race_id","passed_at");