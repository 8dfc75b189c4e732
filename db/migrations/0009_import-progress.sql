ALTER TABLE "catalog_version" ADD COLUMN "progress" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An import's own steps (a new photo's row, its watermarked images, recognition's automatic tags) say so with
-- set_config('dorsal.catalog_change', 'progress', true): they bump `progress`, which cached pages may lag a few
-- seconds, so a 2,000-photo import does not empty the page cache twice a second. Everything else bumps `version`.
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dorsal.catalog_change', true) = 'progress' THEN
    UPDATE "catalog_version" SET "progress" = "progress" + 1 WHERE "id" = 1;
  ELSE
    UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  PERFORM pg_notify('catalog_version', '');
  RETURN NULL;
END $$;
