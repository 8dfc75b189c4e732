-- A runner may look their number up by the name on the race's start list (catalog/runners-named.ts), and the race
-- page offers that only when the list names its runners: importing, replacing or clearing a start list changes what
-- a cached page shows, as any other change an organiser makes does.
CREATE TRIGGER "start_list_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "start_list" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
