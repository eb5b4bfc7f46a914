DROP INDEX "chain_loans_chain_idx";--> statement-breakpoint
DROP INDEX "chain_loans_org_idx";--> statement-breakpoint
DROP INDEX "chain_loans_enterprise_idx";--> statement-breakpoint
DROP INDEX "chain_visits_chain_idx";--> statement-breakpoint
DROP INDEX "chain_visits_org_idx";--> statement-breakpoint
DROP INDEX "chain_visits_enterprise_idx";--> statement-breakpoint
CREATE INDEX "chain_loans_date_idx" ON "chain_loans" USING btree ("loan_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_visits_date_idx" ON "chain_visits" USING btree ("visit_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_loans_chain_idx" ON "chain_loans" USING btree ("chain_id","loan_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_loans_org_idx" ON "chain_loans" USING btree ("org_id","loan_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_loans_enterprise_idx" ON "chain_loans" USING btree ("enterprise_id","loan_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_visits_chain_idx" ON "chain_visits" USING btree ("chain_id","visit_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_visits_org_idx" ON "chain_visits" USING btree ("org_id","visit_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chain_visits_enterprise_idx" ON "chain_visits" USING btree ("enterprise_id","visit_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);