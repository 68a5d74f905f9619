-- Released GPSR versions and the files they need outlive their account: deleting the users row sets their user_id
-- NULL instead of deleting them (GPSR documentation is kept 10 years after release). The account deletion erases
-- the files no retained version needs and the versions past retention itself, before the users row goes.
ALTER TABLE "gpsr_files" DROP CONSTRAINT "gpsr_files_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "gpsr_versions" DROP CONSTRAINT "gpsr_versions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "gpsr_files" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gpsr_versions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gpsr_files" ADD CONSTRAINT "gpsr_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gpsr_versions" ADD CONSTRAINT "gpsr_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;