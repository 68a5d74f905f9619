CREATE TABLE "license_usage" (
	"license_id" uuid NOT NULL,
	"month" text NOT NULL,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_usage_license_id_month_pk" PRIMARY KEY("license_id","month")
);
--> statement-breakpoint
ALTER TABLE "license_usage" ADD CONSTRAINT "license_usage_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;