-- Issue 30, item 6: an achievement item may show a live figure (metric) instead of the operator's typed figure.
ALTER TABLE "achievements" ADD COLUMN "metric" varchar(24);