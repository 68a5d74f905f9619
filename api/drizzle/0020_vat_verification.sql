ALTER TABLE "profiles" ADD COLUMN "vat_check_status" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_check_vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_check_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_check_address" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_check_request_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_check_error" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vat_checked_at" timestamp with time zone;