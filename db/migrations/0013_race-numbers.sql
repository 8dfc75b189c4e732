CREATE TABLE "race_numbers" (
	"race_id" integer NOT NULL,
	"number" integer NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "race_numbers_race_id_number_pk" PRIMARY KEY("race_id","number")
);
--> statement-breakpoint
ALTER TABLE "race_numbers" ADD CONSTRAINT "race_numbers_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_numbers_race_photos_idx" ON "race_numbers" USING btree ("race_id","photos");--> statement-breakpoint
CREATE INDEX "bib_suggestions_race_bib_idx" ON "bib_suggestions" USING btree ("race_id","bib");--> statement-breakpoint
-- The distinct numbers a photo's reading holds: each line's text past the dots and dashes at its ends
-- (recognition/ctc-decode.ts numberText), when it is 1 to 5 digits without a leading zero (scenery.ts numbersRead).
CREATE FUNCTION "photo_numbers"(lines jsonb) RETURNS SETOF integer LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT n::integer FROM (
    SELECT regexp_replace(l->>'text', '^[[:space:].,:;''`´·_-]+|[[:space:].,:;''`´·_-]+$', '', 'g') AS n
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(lines) = 'array' THEN lines ELSE '[]'::jsonb END) l
  ) t WHERE n ~ '^[1-9][0-9]{0,4}$'
$$;
--> statement-breakpoint
-- Number 0 (never a bib) counts the race's read photos, so the share needs no count(*) over the race.
CREATE FUNCTION "count_race_numbers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'done' THEN
    UPDATE race_numbers SET photos = photos - 1
    WHERE race_id = OLD.race_id AND number IN (SELECT photo_numbers(OLD.lines) UNION ALL SELECT 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'done' THEN
    INSERT INTO race_numbers (race_id, number, photos)
    SELECT NEW.race_id, n, 1 FROM (SELECT photo_numbers(NEW.lines) AS n UNION ALL SELECT 0) numbers
    ON CONFLICT (race_id, number) DO UPDATE SET photos = race_numbers.photos + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "photo_recognitions_count_numbers" AFTER INSERT OR UPDATE OR DELETE ON "photo_recognitions"
  FOR EACH ROW EXECUTE FUNCTION count_race_numbers();
--> statement-breakpoint
INSERT INTO "race_numbers" ("race_id", "number", "photos")
  SELECT race_id, n, count(*) FROM photo_recognitions, photo_numbers(lines) n WHERE status = 'done' GROUP BY race_id, n
  UNION ALL
  SELECT race_id, 0, count(*) FROM photo_recognitions WHERE status = 'done' GROUP BY race_id;
