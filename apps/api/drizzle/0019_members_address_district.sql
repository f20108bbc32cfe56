-- A saved address's 縣市 and 鄉鎮市區 written with 台 anywhere are the post's 臺 (台東縣台東市 → 臺東縣臺東市).
UPDATE "members"
SET "address" = jsonb_set("address", '{city}', to_jsonb(replace("address"->>'city', '台', '臺')))
WHERE "address"->>'city' LIKE '%台%';
--> statement-breakpoint
UPDATE "members"
SET "address" = jsonb_set("address", '{dist}', to_jsonb(replace("address"->>'dist', '台', '臺')))
WHERE "address"->>'dist' LIKE '%台%';
