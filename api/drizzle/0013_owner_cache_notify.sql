-- The api's read cache (api/src/plugins/owner-cache.ts) keeps answers per user: the user row, the profile, the license
-- page. Every change to a table those answers are read from notifies channel 'owner_cache' with 'u:<user id>' for
-- each user whose answers it may change ('*': every user, a product changed); each api instance LISTENs and drops
-- that user's entries. A notification is delivered when the transaction commits (never for a rollback).
CREATE OR REPLACE FUNCTION owner_cache_owners(tbl text, r jsonb) RETURNS SETOF text AS $$
BEGIN
  IF tbl = 'users' THEN
    RETURN NEXT r->>'id';
  ELSIF tbl IN ('profiles', 'licenses') THEN
    RETURN NEXT r->>'user_id';
  ELSIF tbl = 'subscriptions' THEN
    RETURN NEXT r->>'user_id';
    RETURN QUERY SELECT l.user_id FROM licenses l WHERE l.id = (r->>'license_id')::uuid;
  ELSIF tbl = 'billing_events' THEN
    RETURN QUERY SELECT s.user_id FROM subscriptions s WHERE s.id = (r->>'subscription_id')::uuid
      UNION SELECT l.user_id FROM subscriptions s JOIN licenses l ON l.id = s.license_id
      WHERE s.id = (r->>'subscription_id')::uuid;
  ELSIF tbl = 'invoices' THEN
    -- A renewal invoice (the license page's "Pay now") is the subscription owner's; linking it to its billing event
    -- notifies through billing_events.
    RETURN NEXT r->>'user_id';
    RETURN QUERY SELECT l.user_id FROM licenses l WHERE l.id = (r->>'license_id')::uuid;
  ELSE
    RETURN NEXT '*';
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION owner_cache_notify() RETURNS trigger AS $$
DECLARE
  owner text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('owner_cache', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOR owner IN SELECT DISTINCT o FROM owner_cache_owners(TG_TABLE_NAME, to_jsonb(OLD)) o WHERE o IS NOT NULL LOOP
      PERFORM pg_notify('owner_cache', CASE WHEN owner = '*' THEN '*' ELSE 'u:' || owner END);
    END LOOP;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    FOR owner IN SELECT DISTINCT o FROM owner_cache_owners(TG_TABLE_NAME, to_jsonb(NEW)) o WHERE o IS NOT NULL LOOP
      PERFORM pg_notify('owner_cache', CASE WHEN owner = '*' THEN '*' ELSE 'u:' || owner END);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER owner_cache_users AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_profiles AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_profiles_truncate AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_licenses AFTER INSERT OR UPDATE OR DELETE ON licenses
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_licenses_truncate AFTER TRUNCATE ON licenses
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_products AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_products_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_subscriptions AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_subscriptions_truncate AFTER TRUNCATE ON subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_billing_events AFTER INSERT OR UPDATE OR DELETE ON billing_events
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_billing_events_truncate AFTER TRUNCATE ON billing_events
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_invoices AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION owner_cache_notify();
--> statement-breakpoint
CREATE TRIGGER owner_cache_invoices_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION owner_cache_notify();
