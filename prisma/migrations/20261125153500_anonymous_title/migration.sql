-- The family's choice of how its anonymous memorial is titled: the specification's
-- anonymous title (MemorialAnonymeNom) or the deceased's initials (lib/memorials/policy.ts).

CREATE TYPE "AnonymousTitle" AS ENUM ('name', 'initials');

ALTER TABLE "memorial" ADD COLUMN "anonymous_title" "AnonymousTitle" NOT NULL DEFAULT 'name';
