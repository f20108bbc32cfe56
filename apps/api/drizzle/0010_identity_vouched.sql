ALTER TABLE "member_identities" ADD COLUMN "email_vouched" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Identities linked before this column: a Google identity on a confirmed address counts as vouched
-- for (Google links to an existing member only when it vouches); LINE and Facebook never vouch.
UPDATE "member_identities" SET "email_vouched" = 1
WHERE "provider" = 'google'
  AND "member_id" IN (SELECT "id" FROM "members" WHERE "email_verified_at" IS NOT NULL);
