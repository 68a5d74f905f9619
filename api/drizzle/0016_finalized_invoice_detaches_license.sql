-- Finalized invoices stay unchanged, and when their account is deleted they stay for their retention period, detached:
-- deleting the users row sets invoices.user_id NULL, and deleting the account's licenses (cascade from users) sets
-- invoices.license_id NULL. Both are foreign key actions on the same row, run one after the other in either order, so
-- each of the two references may become NULL on its own; every other column, and the buyer snapshot with it, stays
-- as issued. An update that detaches nothing is refused as before.
CREATE OR REPLACE FUNCTION invoices_refuse_finalized_change() RETURNS trigger AS $$
BEGIN
  IF OLD.invoice_number IS NULL THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is finalized and cannot be deleted', OLD.invoice_number USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.user_id IS NULL OR NEW.user_id = OLD.user_id)
     AND (NEW.license_id IS NULL OR NEW.license_id = OLD.license_id)
     AND (NEW.user_id IS NULL OR (OLD.license_id IS NOT NULL AND NEW.license_id IS NULL))
     AND (to_jsonb(NEW) - 'user_id' - 'license_id' - 'updated_at')
       = (to_jsonb(OLD) - 'user_id' - 'license_id' - 'updated_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice % is finalized and cannot be changed', OLD.invoice_number USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
