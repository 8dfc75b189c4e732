CREATE TABLE "race_prints" (
	"race_id" integer NOT NULL,
	"key" text NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "race_prints_race_id_key_pk" PRIMARY KEY("race_id","key")
);
--> statement-breakpoint
ALTER TABLE "race_prints" ADD CONSTRAINT "race_prints_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The distinct print keys a photo's reading holds: each line's letters (A to Z), upper case, when six or more
-- (recognition/bib-print.ts printsRead).
CREATE FUNCTION "photo_prints"(lines jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT k FROM (
    SELECT upper(regexp_replace(l->>'text', '[^A-Za-z]', '', 'g')) AS k
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(lines) = 'array' THEN lines ELSE '[]'::jsonb END) l
  ) t WHERE length(k) >= 6
$$;
--> statement-breakpoint
CREATE FUNCTION "count_race_prints"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'done' THEN
    UPDATE race_prints SET photos = photos - 1
    WHERE race_id = OLD.race_id AND key IN (SELECT photo_prints(OLD.lines));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'done' THEN
    INSERT INTO race_prints (race_id, key, photos)
    SELECT NEW.race_id, k, 1 FROM photo_prints(NEW.lines) k
    ON CONFLICT (race_id, key) DO UPDATE SET photos = race_prints.photos + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "photo_recognitions_count_prints" AFTER INSERT OR UPDATE OR DELETE ON "photo_recognitions"
  FOR EACH ROW EXECUTE FUNCTION count_race_prints();
--> statement-breakpoint
INSERT INTO "race_prints" ("race_id", "key", "photos")
  SELECT race_id, k, count(*) FROM photo_recognitions, photo_prints(lines) k WHERE status = 'done' GROUP BY race_id, k;
