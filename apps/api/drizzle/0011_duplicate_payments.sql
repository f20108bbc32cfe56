CREATE TABLE "duplicate_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"merchant_trade_no" text NOT NULL,
	"payment_key" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_payments_payment" ON "duplicate_payments" USING btree ("merchant_trade_no","payment_key");