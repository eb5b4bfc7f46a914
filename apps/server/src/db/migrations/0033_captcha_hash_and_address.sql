-- Captchas keep their answer as a keyed hash and the address that asked (issue 29, finding 9). Rows made before
-- hold answers in clear and live two minutes at most: they go (a picture shown during the upgrade is asked for again).
DELETE FROM "captchas";--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "answer_hash" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "ip" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "captchas" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "captchas_ip_idx" ON "captchas" USING btree ("ip","created_at");--> statement-breakpoint
ALTER TABLE "captchas" DROP COLUMN "answer";