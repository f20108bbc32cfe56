ALTER TABLE "donations" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
CREATE INDEX "donations_unpaid" ON "donations" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_idempotency_key" ON "donations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("idempotency_key");