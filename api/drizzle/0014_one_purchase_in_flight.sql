-- One purchase per seller and plan in flight, and one live subscription per seller and plan.
-- invoices.idempotency_key: the Idempotency-Key of the POST /invoice that made a draft (a repeated request gets the
-- same draft back). invoices.purchase_product_id: the product of a POST /invoice draft; while that draft is open
-- (Created/Pending, no number) no second one of the same seller and product can exist. Older drafts keep NULL and
-- are not counted, so existing rows cannot break the new index.
ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "purchase_product_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- subscriptions.product_id is always the product of the subscription's license: set on every insert and license
-- change (also for rows written without it), and followed when a license changes its product. So the unique index
-- below holds for every writer, not only for the code that remembers to fill the column.
CREATE OR REPLACE FUNCTION subscriptions_product_of_license() RETURNS trigger AS $$
BEGIN
  IF NEW.license_id IS NOT NULL THEN
    SELECT l.product_id INTO NEW.product_id FROM licenses l WHERE l.id = NEW.license_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER subscriptions_product_of_license BEFORE INSERT OR UPDATE OF license_id, product_id ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_product_of_license();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION licenses_product_to_subscriptions() RETURNS trigger AS $$
BEGIN
  UPDATE subscriptions SET product_id = NEW.product_id WHERE license_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER licenses_product_to_subscriptions AFTER UPDATE OF product_id ON licenses
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION licenses_product_to_subscriptions();
--> statement-breakpoint
UPDATE subscriptions s SET product_id = l.product_id FROM licenses l WHERE l.id = s.license_id;--> statement-breakpoint
-- A database from before this migration may hold two live subscriptions of one seller and plan (parallel purchases
-- that were both paid). The index cannot be built over them: the newest stays live, every older one is ended here as
-- Cancelled (no further renewal is charged for it; the seller keeps its license until the license's own expiry).
-- Refunding what was paid twice is left to be done by hand.
UPDATE subscriptions SET status = 'Cancelled', cancel_at_period_end = true,
  cancel_requested_at = coalesce(cancel_requested_at, now()), updated_at = now()
WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY user_id, product_id ORDER BY created_at DESC, id DESC) AS n
    FROM subscriptions
    WHERE product_id IS NOT NULL AND status IN ('Active', 'Inactive')
  ) ranked
  WHERE n > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_user_idempotency_key_idx" ON "invoices" USING btree ("user_id","idempotency_key") WHERE "invoices"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_open_purchase_idx" ON "invoices" USING btree ("user_id","purchase_product_id") WHERE "invoices"."purchase_product_id" is not null and "invoices"."invoice_number" is null and "invoices"."status" in ('Created', 'Pending');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_product_idx" ON "subscriptions" USING btree ("user_id","product_id") WHERE "subscriptions"."status" in ('Active', 'Inactive');
