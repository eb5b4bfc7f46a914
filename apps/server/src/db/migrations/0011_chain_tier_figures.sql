CREATE TABLE "chain_tier_figures" (
	"chain_id" bigint NOT NULL,
	"tier" varchar(10) NOT NULL,
	"enterprises" integer DEFAULT 0 NOT NULL,
	"enterprises_financed" integer DEFAULT 0 NOT NULL,
	"loan_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "chain_tier_figures_chain_id_tier_pk" PRIMARY KEY("chain_id","tier")
);
--> statement-breakpoint
ALTER TABLE "chain_tier_figures" ADD CONSTRAINT "chain_tier_figures_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE cascade ON UPDATE no action;