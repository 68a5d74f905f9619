CREATE TABLE "registry_releases" (
	"entry_id" text NOT NULL,
	"id" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" text,
	"live_at" timestamp with time zone,
	"live_by" text,
	CONSTRAINT "registry_releases_entry_id_id_pk" PRIMARY KEY("entry_id","id")
);
--> statement-breakpoint
ALTER TABLE "registry_entries" ADD COLUMN "live_release" text;--> statement-breakpoint
ALTER TABLE "registry_entries" ADD COLUMN "preview_release" text;--> statement-breakpoint
ALTER TABLE "registry_releases" ADD CONSTRAINT "registry_releases_entry_id_registry_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."registry_entries"("id") ON DELETE cascade ON UPDATE no action;