CREATE TABLE "registry_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entry_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "registry_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"manifest_url" text NOT NULL,
	"routes" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"audience" jsonb NOT NULL,
	"coming_soon" boolean NOT NULL,
	"buy_without_filling" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	"card" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "registry_audit_at_idx" ON "registry_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "registry_audit_entry_idx" ON "registry_audit" USING btree ("entry_id","at");--> statement-breakpoint
CREATE INDEX "registry_entries_order_idx" ON "registry_entries" USING btree ("sort_order","id");