-- Name search that ignores accents and case: "Emile" and "EMILE" find
-- "Émile Dubois". lib/search/names.ts builds the same expressions as these indexes, so that
-- PostgreSQL reads them (test/name-search.test.ts shows the plans).

-- Both extensions are "trusted": a database owner without superuser rights may create them.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- unaccent() is only STABLE (its dictionary could change), so no index may use it. This wrapper
-- names its dictionary and schema explicitly (no search_path at play) and is declared IMMUTABLE;
-- the SQL-standard body binds the function and the dictionary when it is created.
CREATE FUNCTION public.f_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN public.unaccent('public.unaccent'::regdictionary, $1);

-- Trigram indexes answer LIKE '%word%' on the lower-case, unaccented text.
CREATE INDEX "memorial_title_search_idx" ON "memorial"
    USING gin (lower(public.f_unaccent("title")) public.gin_trgm_ops);
CREATE INDEX "person_name_search_idx" ON "person"
    USING gin (lower(public.f_unaccent(coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) public.gin_trgm_ops);
