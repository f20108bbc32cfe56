CREATE TABLE "donation_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"merchant_trade_no" text NOT NULL,
	"charge_key" text NOT NULL,
	"sequence" integer NOT NULL,
	"amount" integer NOT NULL,
	"charged_at" timestamp with time zone NOT NULL,
	"receipt_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_charges_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "donation_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"merchant_trade_no" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"trade_no" text,
	"rtn_code" text,
	"rtn_msg" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_payments_merchant_trade_no_unique" UNIQUE("merchant_trade_no")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"member_id" integer,
	"access_token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"frequency" text NOT NULL,
	"payment_method" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"address" jsonb,
	"receipt" text NOT NULL,
	"receipt_format" text NOT NULL,
	"receipt_title" text,
	"tax_upload" smallint DEFAULT 0 NOT NULL,
	"id_number" text,
	"anonymous" smallint DEFAULT 0 NOT NULL,
	"exec_times" integer,
	"payment_code" jsonb,
	"payment_failure" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_number_unique" UNIQUE("number"),
	CONSTRAINT "donations_amount" CHECK ("donations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"month" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yearly_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"year" integer NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yearly_receipts_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "donation_charges" ADD CONSTRAINT "donation_charges_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_payments" ADD CONSTRAINT "donation_payments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_charges_trade_key" ON "donation_charges" USING btree ("merchant_trade_no","charge_key");--> statement-breakpoint
CREATE INDEX "donation_charges_donation" ON "donation_charges" USING btree ("donation_id","sequence");--> statement-breakpoint
CREATE INDEX "donation_payments_donation" ON "donation_payments" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "donations_member" ON "donations" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_email" ON "donations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "yearly_receipts_donor_year" ON "yearly_receipts" USING btree (lower("email"),"year");