-- A runner's search shows the photos a pending review suggestion says might be theirs (catalog/race-photos.ts,
-- mightBe), so a suggestion made, decided or withdrawn changes what a cached page shows. Recognition writes them by
-- the thousand during an import, so they move `progress` (pages may lag it a few seconds), whoever writes them: a
-- trigger given the argument 'progress' always moves that counter.
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'progress' OR current_setting('dorsal.catalog_change', true) = 'progress' THEN
    UPDATE "catalog_version" SET "progress" = "progress" + 1 WHERE "id" = 1;
  ELSE
    UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  PERFORM pg_notify('catalog_version', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bib_suggestions_catalog_progress" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bib_suggestions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"('progress');
