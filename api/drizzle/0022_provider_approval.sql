-- A revised plan that the payment provider bills only once the seller approved it there (PayPal asks for every plan
-- change): the approval link shown on /licenses, and the plan that shows the approval arrived. Null: nothing waits.
ALTER TABLE "subscriptions" ADD COLUMN "provider_approval" jsonb;
