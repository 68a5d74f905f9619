-- Finalized invoices (with a number) and their stored documents are never changed or deleted: a correction is a
-- cancellation invoice. The one change allowed is detaching the buyer's login (user_id → NULL, ON DELETE SET NULL
-- when the account is deleted); the buyer snapshot stays.
CREATE OR REPLACE FUNCTION invoices_refuse_finalized_change() RETURNS trigger AS $$
BEGIN
  IF OLD.invoice_number IS NULL THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is finalized and cannot be deleted', OLD.invoice_number USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.user_id IS NULL
     AND (to_jsonb(NEW) - 'user_id' - 'updated_at') = (to_jsonb(OLD) - 'user_id' - 'updated_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice % is finalized and cannot be changed', OLD.invoice_number USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable_when_finalized BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_refuse_finalized_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_documents_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'stored invoice documents cannot be changed or deleted' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoice_documents_immutable BEFORE UPDATE OR DELETE ON invoice_documents
  FOR EACH ROW EXECUTE FUNCTION invoice_documents_refuse_change();
