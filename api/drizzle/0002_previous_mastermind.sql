CREATE TABLE "gpsr_version_files" (
	"version_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	CONSTRAINT "gpsr_version_files_version_id_file_name_pk" PRIMARY KEY("version_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "gpsr_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid,
	"original_product_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"product_name" text NOT NULL,
	"risk_questions" jsonb NOT NULL,
	"progress" integer NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"retention_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gpsr_files" DROP CONSTRAINT "gpsr_files_product_id_gpsr_products_id_fk";
--> statement-breakpoint
ALTER TABLE "gpsr_files" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gpsr_version_files" ADD CONSTRAINT "gpsr_version_files_version_id_gpsr_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."gpsr_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpsr_version_files" ADD CONSTRAINT "gpsr_version_files_file_name_gpsr_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."gpsr_files"("name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpsr_versions" ADD CONSTRAINT "gpsr_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpsr_versions" ADD CONSTRAINT "gpsr_versions_product_id_gpsr_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."gpsr_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpsr_version_files_file_idx" ON "gpsr_version_files" USING btree ("file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "gpsr_versions_product_number_idx" ON "gpsr_versions" USING btree ("original_product_id","number");--> statement-breakpoint
CREATE INDEX "gpsr_versions_user_idx" ON "gpsr_versions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "gpsr_files" ADD CONSTRAINT "gpsr_files_product_id_gpsr_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."gpsr_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gpsr_files_product_idx" ON "gpsr_files" USING btree ("product_id");