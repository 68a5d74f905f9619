-- The per-user read cache is gone: every read goes to the database, so nothing listens for these notifications.
DROP TRIGGER IF EXISTS "owner_cache_users" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_users_truncate" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_profiles" ON "profiles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_profiles_truncate" ON "profiles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_licenses" ON "licenses";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_licenses_truncate" ON "licenses";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_products" ON "products";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_products_truncate" ON "products";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_subscriptions" ON "subscriptions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_subscriptions_truncate" ON "subscriptions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_billing_events" ON "billing_events";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_billing_events_truncate" ON "billing_events";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_invoices" ON "invoices";--> statement-breakpoint
DROP TRIGGER IF EXISTS "owner_cache_invoices_truncate" ON "invoices";--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_cache_notify();--> statement-breakpoint
DROP FUNCTION IF EXISTS owner_cache_owners(text, jsonb);
