-- Issue 30, item 7: an in-site message carries its kind (packages/contract/src/notify/message-kinds.ts) and params, worded
-- by the reader's web; title and content stay the Chinese text (old rows have no kind).
ALTER TABLE "messages" ADD COLUMN "kind" varchar(64);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb;