-- A planting site's name and region in Dutch, English and German, as species names
-- are (the stored name and region stay the reference; a missing translation falls back to them).

ALTER TABLE "plantation" ADD COLUMN "name_nl" VARCHAR(200),
    ADD COLUMN "name_en" VARCHAR(200),
    ADD COLUMN "name_de" VARCHAR(200),
    ADD COLUMN "region_nl" VARCHAR(200),
    ADD COLUMN "region_en" VARCHAR(200),
    ADD COLUMN "region_de" VARCHAR(200);

-- The demo catalogue of an existing database gets its names (by its French name; nothing set by
-- hand is replaced).
UPDATE "plantation" p SET
    "name_nl" = COALESCE(p."name_nl", v."name_nl"),
    "name_en" = COALESCE(p."name_en", v."name_en"),
    "name_de" = COALESCE(p."name_de", v."name_de"),
    "region_nl" = COALESCE(p."region_nl", v."region_nl"),
    "region_en" = COALESCE(p."region_en", v."region_en"),
    "region_de" = COALESCE(p."region_de", v."region_de")
FROM (VALUES
    ('Forêt de Soignes', 'Zoniënwoud', 'Sonian Forest', 'Sonienwald',
        'Brussels Hoofdstedelijk Gewest', 'Brussels-Capital Region', 'Region Brüssel-Hauptstadt'),
    ('Hautes Fagnes', 'Hoge Venen', 'High Fens', 'Hohes Venn',
        'Provincie Luik', 'Province of Liège', 'Provinz Lüttich'),
    ('Forêt d''Orléans', 'Woud van Orléans', 'Orléans Forest', 'Wald von Orléans',
        NULL, NULL, NULL),
    ('Forêt de Paimpont (Brocéliande)', 'Woud van Paimpont (Brocéliande)', 'Paimpont Forest (Brocéliande)',
        'Wald von Paimpont (Brocéliande)', NULL, 'Brittany', NULL),
    ('Nationaal Park De Hoge Veluwe', NULL, 'De Hoge Veluwe National Park', 'Nationalpark De Hoge Veluwe',
        NULL, NULL, NULL),
    ('Nationalpark Eifel', 'Nationaal Park Eifel', 'Eifel National Park', NULL,
        'Noordrijn-Westfalen', 'North Rhine-Westphalia', NULL)
) AS v("name", "name_nl", "name_en", "name_de", "region_nl", "region_en", "region_de")
WHERE p."name" = v."name";
