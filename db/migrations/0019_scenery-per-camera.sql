ALTER TABLE "photo_recognitions" ADD COLUMN "camera" text;--> statement-breakpoint
ALTER TABLE "race_number_moments" ADD COLUMN "camera" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_number_moments" DROP CONSTRAINT "race_number_moments_race_id_number_moment_pk";--> statement-breakpoint
ALTER TABLE "race_number_moments" ADD CONSTRAINT "race_number_moments_race_id_number_camera_moment_pk" PRIMARY KEY("race_id","number","camera","moment");
--> statement-breakpoint
-- Moments are counted per camera: a sign beside a photographer is in that camera's photos minute after
-- minute, while a runner passes each photo point once. Counted race-wide, a runner of a short race
-- seen at three photo points in three minutes was "read often", and at five was dropped as scenery.
-- A photo's camera as recognition/bursts.ts cameraKey says it: EXIF's make, model and serial, or the
-- letters its file name starts with.
CREATE OR REPLACE FUNCTION "photo_recognition_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT floor(extract(epoch FROM taken_at) / 60)::bigint,
      coalesce(nullif(camera, ''), 'name:' || lower(substring(frame FROM '^[^0-9]*')))
    INTO NEW.moment, NEW.camera
    FROM photos WHERE id = NEW.photo_id;
  NEW.moment := coalesce(NEW.moment, -NEW.photo_id);
  NEW.camera := coalesce(NEW.camera, '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- race_numbers.moments of `numbers`: the most moments one camera read each in.
CREATE FUNCTION "recount_number_moments"(race integer, numbers integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE race_numbers r SET moments = coalesce((
    SELECT max(n)::int FROM (
      SELECT count(*) AS n FROM race_number_moments m WHERE m.race_id = r.race_id AND m.number = r.number GROUP BY m.camera
    ) per_camera), 0)
  WHERE r.race_id = race AND r.number = ANY(numbers)
$$;
--> statement-breakpoint
-- As in 0016, with each number's moments per camera; a number whose moment rows change is counted again.
CREATE OR REPLACE FUNCTION "count_race_numbers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'done' THEN
    UPDATE race_numbers SET photos = photos - 1
    WHERE race_id = OLD.race_id AND number IN (SELECT photo_numbers(OLD.lines) UNION ALL SELECT 0);
    UPDATE race_number_moments SET photos = photos - 1
    WHERE race_id = OLD.race_id AND camera = coalesce(OLD.camera, '') AND moment = OLD.moment
      AND number IN (SELECT photo_numbers(OLD.lines) UNION ALL SELECT 0);
    WITH gone AS (
      DELETE FROM race_number_moments
      WHERE race_id = OLD.race_id AND camera = coalesce(OLD.camera, '') AND moment = OLD.moment AND photos <= 0
      RETURNING number
    )
    SELECT array_agg(number) INTO changed FROM gone;
    IF changed IS NOT NULL THEN PERFORM recount_number_moments(OLD.race_id, changed); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'done' THEN
    INSERT INTO race_numbers (race_id, number, photos)
    SELECT NEW.race_id, n, 1 FROM (SELECT photo_numbers(NEW.lines) AS n UNION ALL SELECT 0) numbers
    ON CONFLICT (race_id, number) DO UPDATE SET photos = race_numbers.photos + 1;
    WITH seen AS (
      INSERT INTO race_number_moments (race_id, number, camera, moment, photos)
      SELECT NEW.race_id, n, coalesce(NEW.camera, ''), NEW.moment, 1 FROM (SELECT photo_numbers(NEW.lines) AS n UNION ALL SELECT 0) numbers
      ON CONFLICT (race_id, number, camera, moment) DO UPDATE SET photos = race_number_moments.photos + 1
      RETURNING number, photos
    )
    SELECT array_agg(number) INTO changed FROM seen WHERE photos = 1;
    IF changed IS NOT NULL THEN PERFORM recount_number_moments(NEW.race_id, changed); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The readings stored so far: their cameras, and every count made from them again.
ALTER TABLE "photo_recognitions" DISABLE TRIGGER "photo_recognitions_count_numbers";
--> statement-breakpoint
UPDATE "photo_recognitions" SET "camera" = NULL;
--> statement-breakpoint
ALTER TABLE "photo_recognitions" ENABLE TRIGGER "photo_recognitions_count_numbers";
--> statement-breakpoint
DELETE FROM "race_number_moments";
--> statement-breakpoint
INSERT INTO "race_number_moments" ("race_id", "number", "camera", "moment", "photos")
  SELECT race_id, n, camera, moment, count(*) FROM photo_recognitions, photo_numbers(lines) n WHERE status = 'done' GROUP BY race_id, n, camera, moment
  UNION ALL
  SELECT race_id, 0, camera, moment, count(*) FROM photo_recognitions WHERE status = 'done' GROUP BY race_id, camera, moment;
--> statement-breakpoint
SELECT recount_number_moments(race_id, array_agg(number)) FROM "race_numbers" GROUP BY race_id;
