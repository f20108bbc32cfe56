CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"type" text NOT NULL,
	"sku" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0),
	CONSTRAINT "cart_lines_type" CHECK ("cart_lines"."type" in ('magazine', 'merch')),
	CONSTRAINT "cart_lines_sku_array" CHECK (jsonb_typeof("cart_lines"."sku") = 'array')
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_member_item_sku" ON "cart_lines" USING btree ("member_id","type","item_id","sku");