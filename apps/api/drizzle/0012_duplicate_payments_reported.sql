ALTER TABLE "duplicate_payments" ADD COLUMN "trade_no" text;--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
-- Duplicates kept before this column were reported as they were recorded.
UPDATE "duplicate_payments" SET "reported_at" = "created_at";
