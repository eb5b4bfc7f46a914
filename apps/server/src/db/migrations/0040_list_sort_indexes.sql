CREATE INDEX "demands_bank_amount_idx" ON "demands" USING btree ("bank_id","amount","id");--> statement-breakpoint
CREATE INDEX "demands_bank_org_amount_idx" ON "demands" USING btree ("bank_org_id","amount","id");--> statement-breakpoint
CREATE INDEX "demands_view_amount_idx" ON "demands" USING btree ("type","source","amount","id");--> statement-breakpoint
CREATE INDEX "demands_region_amount_idx" ON "demands" USING btree ("region_code","amount","id");--> statement-breakpoint
CREATE INDEX "demands_guarantee_amount_idx" ON "demands" USING btree ("guarantee_org_id","amount","id") WHERE guarantee_org_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_amount_idx" ON "demands" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "farmers_land_area_idx" ON "farmers" USING btree ("land_area","id");--> statement-breakpoint
CREATE INDEX "farmers_district_land_area_idx" ON "farmers" USING btree ("district_code","land_area","id");--> statement-breakpoint
CREATE INDEX "farmers_need_idx" ON "farmers" USING btree ("financing_need","id");--> statement-breakpoint
CREATE INDEX "farmers_district_need_idx" ON "farmers" USING btree ("district_code","financing_need","id");--> statement-breakpoint
CREATE INDEX "shelter_cases_loan_total_idx" ON "shelter_cases" USING btree ("loan_total","id");--> statement-breakpoint
CREATE INDEX "shelter_cases_admitted_idx" ON "shelter_cases" USING btree ((coalesce(admitted_at, '-infinity'::timestamptz)),"id");