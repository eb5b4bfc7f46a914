ALTER TABLE "demands" ADD COLUMN "guarantee_fee_rate" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "guarantee_term" integer;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "guarantee_contract_no" varchar(40);--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "guarantee_signed_at" date;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "guarantee_start_date" date;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "guarantee_end_date" date;