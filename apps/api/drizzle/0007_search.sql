CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"body" text DEFAULT '' NOT NULL,
	"folded" text DEFAULT '' NOT NULL,
	"meta" jsonb NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"head" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL,
	"published_at" timestamp with time zone,
	"status" smallint NOT NULL,
	"start_at" timestamp with time zone,
	"source_version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_type_item" ON "search_documents" USING btree ("type","item_id");--> statement-breakpoint
CREATE INDEX "search_documents_document" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_title_vector" ON "search_documents" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "search_documents_head" ON "search_documents" USING gin ("head");--> statement-breakpoint
CREATE INDEX "search_documents_recent" ON "search_documents" USING btree ("published_at" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "search_documents_type_recent" ON "search_documents" USING btree ("type","published_at" desc nulls last,"id" desc);