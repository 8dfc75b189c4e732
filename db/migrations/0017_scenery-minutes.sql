-- A photo's moment is now one minute of the race's clock, not five: a runner passes a photo point in
-- seconds (their frames one pass), while a sign beside the photographer is read minute after minute.
-- Five-minute moments let a sign read all through a short photo point (eight minutes, a small race)
-- never reach the five moments scenery needs (recognition/scenery.ts, docs/decisions/0006).
CREATE OR REPLACE FUNCTION "photo_recognition_moment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.moment := coalesce((SELECT floor(extract(epoch FROM taken_at) / 60)::bigint FROM photos WHERE id = NEW.photo_id), -NEW.photo_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The readings stored so far: their moments again, and every count made from them, as in 0016.
ALTER TABLE "photo_recognitions" DISABLE TRIGGER "photo_recognitions_count_numbers";
--> statement-breakpoint
UPDATE "photo_recognitions" SET "moment" = NULL;
--> statement-breakpoint
ALTER TABLE "photo_recognitions" ENABLE TRIGGER "photo_recognitions_count_numbers";
--> statement-breakpoint
DELETE FROM "race_number_moments";
--> statement-breakpoint
INSERT INTO "race_number_moments" ("race_id", "number", "moment", "photos")
  SELECT race_id, n, moment, count(*) FROM photo_recognitions, photo_numbers(lines) n WHERE status = 'done' GROUP BY race_id, n, moment
  UNION ALL
  SELECT race_id, 0, moment, count(*) FROM photo_recognitions WHERE status = 'done' GROUP BY race_id, moment;
--> statement-breakpoint
UPDATE "race_numbers" r SET "moments" = (SELECT count(*)::int FROM "race_number_moments" m WHERE m.race_id = r.race_id AND m.number = r.number);
