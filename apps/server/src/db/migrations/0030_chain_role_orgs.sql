-- A chain's lead bank (链主银行) and chain-chief department (链长单位), kept on the chain from chain_orgs by every write
-- to it, whatever writes it (the chain service, the seeds, the scale generator): the smallest organisation id of each
-- role, as the lists chose before. The lists then join two organisations by key instead of grouping every chain's
-- organisations on every request (issues 14 and 17: half of the portal chain list's SQL was that grouping).
ALTER TABLE "industrial_chains" ADD COLUMN "lead_bank_org_id" bigint;--> statement-breakpoint
ALTER TABLE "industrial_chains" ADD COLUMN "chief_department_org_id" bigint;--> statement-breakpoint
CREATE FUNCTION "chain_role_orgs_refresh"(chain bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE industrial_chains c SET
    lead_bank_org_id = r.lead, chief_department_org_id = r.chief
  FROM (SELECT min(org_id) FILTER (WHERE role = 'LEAD_BANK') AS lead, min(org_id) FILTER (WHERE role = 'CHIEF_DEPARTMENT') AS chief
        FROM chain_orgs WHERE chain_id = chain) r
  WHERE c.id = chain AND (c.lead_bank_org_id, c.chief_department_org_id) IS DISTINCT FROM (r.lead, r.chief)
$$;--> statement-breakpoint
CREATE FUNCTION "chain_role_orgs_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM chain_role_orgs_refresh(OLD.chain_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.chain_id <> OLD.chain_id) THEN PERFORM chain_role_orgs_refresh(NEW.chain_id); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chain_orgs_role_orgs" AFTER INSERT OR UPDATE OR DELETE ON "chain_orgs" FOR EACH ROW EXECUTE FUNCTION "chain_role_orgs_keep"();--> statement-breakpoint
SELECT chain_role_orgs_refresh(id) FROM industrial_chains;
