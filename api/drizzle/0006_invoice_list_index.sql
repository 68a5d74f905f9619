DROP INDEX "invoices_user_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);