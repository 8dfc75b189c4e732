CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('catalog_version', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "races_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "races" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "fullset_overrides_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fullset_overrides" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "tags_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "photos_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "photo_bibs_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photo_bibs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "photo_tags_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photo_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "discount_tiers_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_tiers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "banners_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "settings_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
