CREATE TABLE "race_number_moments" (
	"race_id" integer NOT NULL,
	"number" integer NOT NULL,
	"moment" bigint NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "race_number_moments_race_id_number_moment_pk" PRIMARY KEY("race_id","number","moment")
);
--> statement-breakpoint
DROP INDEX "race_numbers_race_photos_idx";--> statement-breakpoint
ALTER TABLE "photo_recognitions" ADD COLUMN "moment" bigint;--> statement-breakpoint
ALTER TABLE "race_numbers" ADD COLUMN "moments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "race_number_moments" ADD CONSTRAINT "race_number_moments_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_numbers_race_moments_idx" ON "race_numbers" USING btree ("race_id","moments");
--> statement-breakpoint
-- A photo's moment: when it was taken, in five-minute steps of the race's clock, or minus its id when
-- its time is unknown (a moment of its own). A runner's burst is one moment; the km sign beside a
-- photographer is in many (recognition/scenery.ts).
CREATE FUNCTION "photo_recognition_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.moment := coalesce((SELECT floor(extract(epoch FROM taken_at) / 300)::bigint FROM photos WHERE id = NEW.photo_id), -NEW.photo_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "photo_recognitions_moment" BEFORE INSERT OR UPDATE ON "photo_recognitions"
  FOR EACH ROW EXECUTE FUNCTION photo_recognition_moment();
--> statement-breakpoint
-- As in 0013, and each number's moments too: a (race, number, moment) row counts its photos, and
-- race_numbers.moments the rows that have any.
CREATE OR REPLACE FUNCTION "count_race_numbers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'done' THEN
    UPDATE race_numbers SET photos = photos - 1
    WHERE race_id = OLD.race_id AND number IN (SELECT photo_numbers(OLD.lines) UNION ALL SELECT 0);
    WITH left_behind AS (
      UPDATE race_number_moments SET photos = photos - 1
      WHERE race_id = OLD.race_id AND moment = OLD.moment AND number IN (SELECT photo_numbers(OLD.lines) UNION ALL SELECT 0)
      RETURNING number, photos
    )
    UPDATE race_numbers r SET moments = r.moments - 1
    FROM left_behind WHERE left_behind.photos = 0 AND r.race_id = OLD.race_id AND r.number = left_behind.number;
    DELETE FROM race_number_moments WHERE race_id = OLD.race_id AND moment = OLD.moment AND photos <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'done' THEN
    INSERT INTO race_numbers (race_id, number, photos)
    SELECT NEW.race_id, n, 1 FROM (SELECT photo_numbers(NEW.lines) AS n UNION ALL SELECT 0) numbers
    ON CONFLICT (race_id, number) DO UPDATE SET photos = race_numbers.photos + 1;
    WITH seen AS (
      INSERT INTO race_number_moments (race_id, number, moment, photos)
      SELECT NEW.race_id, n, NEW.moment, 1 FROM (SELECT photo_numbers(NEW.lines) AS n UNION ALL SELECT 0) numbers
      ON CONFLICT (race_id, number, moment) DO UPDATE SET photos = race_number_moments.photos + 1
      RETURNING number, photos
    )
    UPDATE race_numbers r SET moments = r.moments + 1
    FROM seen WHERE seen.photos = 1 AND r.race_id = NEW.race_id AND r.number = seen.number;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The photos read before: their moments, counted once for all.
ALTER TABLE "photo_recognitions" DISABLE TRIGGER "photo_recognitions_count_numbers";
--> statement-breakpoint
UPDATE "photo_recognitions" SET "moment" = NULL;
--> statement-breakpoint
ALTER TABLE "photo_recognitions" ENABLE TRIGGER "photo_recognitions_count_numbers";
--> statement-breakpoint
INSERT INTO "race_number_moments" ("race_id", "number", "moment", "photos")
  SELECT race_id, n, moment, count(*) FROM photo_recognitions, photo_numbers(lines) n WHERE status = 'done' GROUP BY race_id, n, moment
  UNION ALL
  SELECT race_id, 0, moment, count(*) FROM photo_recognitions WHERE status = 'done' GROUP BY race_id, moment;
--> statement-breakpoint
UPDATE "race_numbers" r SET "moments" = m.moments
  FROM (SELECT race_id, number, count(*)::int AS moments FROM race_number_moments GROUP BY race_id, number) m
  WHERE r.race_id = m.race_id AND r.number = m.number;
