-- The running-deadline index holds the district after the deadline: the reports' count of deadlines passed per district
-- (report.repo overdueSql) reads the few entries before now() with an index-only scan instead of walking every running
-- demand of every district in demands_region_due_idx (issue 17: 217 -> 7 buffers at 1M demands). The sweep still reads
-- it by its first column.
DROP INDEX "demands_due_idx";--> statement-breakpoint
CREATE INDEX "demands_due_idx" ON "demands" USING btree ("due_at","region_code") WHERE due_at IS NOT NULL;