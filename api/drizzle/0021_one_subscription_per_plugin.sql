-- One live subscription per seller and plugin (was: per plan). Another tier, billing period or number of extras of a
-- plugin is a change of the seller's one subscription of that plugin, never a second subscription that bills too.
-- subscriptions.plugin_name is the plugin of the subscription's plan, kept by the trigger that keeps product_id;
-- subscriptions.scheduled_change holds a plan change that waits for the period end.
DROP INDEX "subscriptions_live_product_idx";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plugin_name" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_change" jsonb;--> statement-breakpoint
CREATE OR REPLACE FUNCTION subscriptions_product_of_license() RETURNS trigger AS $$
BEGIN
  IF NEW.license_id IS NOT NULL THEN
    SELECT l.product_id INTO NEW.product_id FROM licenses l WHERE l.id = NEW.license_id;
  END IF;
  IF NEW.product_id IS NOT NULL THEN
    SELECT p.plugin_name INTO NEW.plugin_name FROM products p WHERE p.id = NEW.product_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER subscriptions_product_of_license ON subscriptions;--> statement-breakpoint
CREATE TRIGGER subscriptions_product_of_license
  BEFORE INSERT OR UPDATE OF license_id, product_id, plugin_name ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_product_of_license();
--> statement-breakpoint
UPDATE subscriptions s SET plugin_name = p.plugin_name FROM products p WHERE p.id = s.product_id;--> statement-breakpoint
-- A seller who bought two plans of one plugin holds two live subscriptions of it. The index cannot be built over
-- them: the newest stays live, every older one is ended here as Cancelled (no further renewal is charged for it; the
-- seller keeps its license until the license's own expiry).
UPDATE subscriptions SET status = 'Cancelled', cancel_at_period_end = true,
  cancel_requested_at = coalesce(cancel_requested_at, now()), updated_at = now()
WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY user_id, plugin_name ORDER BY created_at DESC, id DESC) AS n
    FROM subscriptions
    WHERE plugin_name IS NOT NULL AND status IN ('Active', 'Inactive')
  ) ranked
  WHERE n > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_plugin_idx" ON "subscriptions" USING btree ("user_id","plugin_name") WHERE "subscriptions"."status" in ('Active', 'Inactive');
