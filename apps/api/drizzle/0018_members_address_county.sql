-- A saved address's 縣市 written with 台 is the post's 臺 (台北市 → 臺北市), as the address fields list it.
UPDATE "members"
SET "address" = jsonb_set("address", '{city}', to_jsonb('臺' || substr("address"->>'city', 2)))
WHERE "address"->>'city' LIKE '台%';
