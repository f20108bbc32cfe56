CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"type" text NOT NULL,
	"sku" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"issue" integer,
	"thumbnail" jsonb,
	"unit_price" integer NOT NULL,
	"subtotal" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"merchant_trade_no" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"trade_no" text,
	"rtn_code" text,
	"rtn_msg" text,
	"payment_type" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_merchant_trade_no_unique" UNIQUE("merchant_trade_no")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"member_id" integer,
	"access_token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"shipping_method" text NOT NULL,
	"delivery" text,
	"customer" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"receipt" jsonb NOT NULL,
	"start_issue" integer,
	"annual_delivery" smallint DEFAULT 0 NOT NULL,
	"subscribe" smallint DEFAULT 0 NOT NULL,
	"remarks" text,
	"items_total" integer NOT NULL,
	"postage" integer NOT NULL,
	"total" integer NOT NULL,
	"reserved_until" timestamp with time zone,
	"stock_released_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_code" jsonb,
	"payment_failure" text,
	"shipment_status" text DEFAULT 'pending' NOT NULL,
	"logistics_id" text,
	"invoice_status" text DEFAULT 'pending' NOT NULL,
	"invoice_number" text,
	"confirmation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_total" CHECK ("orders"."total" = "orders"."items_total" + "orders"."postage" and "orders"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_order" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_member" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_reservation" ON "orders" USING btree ("status","reserved_until");--> statement-breakpoint
ALTER TABLE "magazines" ADD CONSTRAINT "magazines_stock" CHECK ("magazines"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "merchandise" ADD CONSTRAINT "merchandise_stock" CHECK ("merchandise"."stock" >= 0);