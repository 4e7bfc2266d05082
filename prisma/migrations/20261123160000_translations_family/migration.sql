-- Species names and types in the four languages (French stays in "name"/"type"; a missing
-- translation falls back to French), and the family's controls of a public memorial.

ALTER TABLE "species" ADD COLUMN "name_nl" VARCHAR(200),
    ADD COLUMN "name_en" VARCHAR(200),
    ADD COLUMN "name_de" VARCHAR(200),
    ADD COLUMN "type_nl" VARCHAR(100),
    ADD COLUMN "type_en" VARCHAR(100),
    ADD COLUMN "type_de" VARCHAR(100);

-- The demo catalogue of an existing database gets its names (by latin name, a name set by hand
-- is kept).
UPDATE "species" s SET
    "name_nl" = COALESCE(s."name_nl", v."nl"),
    "name_en" = COALESCE(s."name_en", v."en"),
    "name_de" = COALESCE(s."name_de", v."de")
FROM (VALUES
    ('Quercus robur', 'Zomereik', 'English oak', 'Stieleiche'),
    ('Fagus sylvatica', 'Beuk', 'European beech', 'Rotbuche'),
    ('Pinus sylvestris', 'Grove den', 'Scots pine', 'Waldkiefer'),
    ('Betula pendula', 'Ruwe berk', 'Silver birch', 'Hängebirke'),
    ('Tilia cordata', 'Winterlinde', 'Small-leaved lime', 'Winterlinde'),
    ('Castanea sativa', 'Tamme kastanje', 'Sweet chestnut', 'Edelkastanie'),
    ('Acer pseudoplatanus', 'Gewone esdoorn', 'Sycamore', 'Bergahorn'),
    ('Sorbus aucuparia', 'Wilde lijsterbes', 'Rowan', 'Vogelbeere'),
    ('Alnus glutinosa', 'Zwarte els', 'Common alder', 'Schwarzerle'),
    ('Abies alba', 'Zilverspar', 'European silver fir', 'Weißtanne')
) AS v("latin", "nl", "en", "de")
WHERE s."latin_name" = v."latin";

UPDATE "species" s SET
    "type_nl" = COALESCE(s."type_nl", v."nl"),
    "type_en" = COALESCE(s."type_en", v."en"),
    "type_de" = COALESCE(s."type_de", v."de")
FROM (VALUES
    ('Feuillu', 'Loofboom', 'Broadleaf', 'Laubbaum'),
    ('Conifère', 'Naaldboom', 'Conifer', 'Nadelbaum')
) AS v("fr", "nl", "en", "de")
WHERE s."type" = v."fr";

-- Family controls: a hidden memorial is not public (404) until shown again; a memorial the
-- family made anonymous (its kind becomes 'anonymous') can be made classic again; a hidden
-- planter's message is shown nowhere public.
ALTER TABLE "memorial" ADD COLUMN "hidden_at" TIMESTAMPTZ(3),
    ADD COLUMN "anonymised_at" TIMESTAMPTZ(3);
ALTER TABLE "tree" ADD COLUMN "message_hidden_at" TIMESTAMPTZ(3);

-- The family's management links: 256 random bits, only their SHA-256 kept; revoked by the next
-- link of the same memorial; expiring.
CREATE TABLE "manage_token" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "manage_token_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "manage_token_token_hash_key" ON "manage_token"("token_hash");
CREATE INDEX "manage_token_memorial_id_idx" ON "manage_token"("memorial_id");
ALTER TABLE "manage_token" ADD CONSTRAINT "manage_token_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
