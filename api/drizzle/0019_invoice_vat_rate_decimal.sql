-- Member states' standard rates can have a decimal (Finland 25.5 %): the invoice's printed rate becomes numeric. Changing
-- the column's type rewrites rows without firing the finalized-invoice trigger; every stored rate keeps its value.
ALTER TABLE "invoices" ALTER COLUMN "vat_rate" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_rate" SET DEFAULT 19;
