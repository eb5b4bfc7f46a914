ALTER TABLE "sys_images" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "sys_images" ADD COLUMN "url_en" text;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "unit_en" varchar(20);--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "summary_en" text;