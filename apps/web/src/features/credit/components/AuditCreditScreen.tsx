import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useCreditFigures } from '../api/credit.ts';
import { CreditFiguresCard } from './CreditFiguresCard.tsx';
import { AuditQueryLog, auditLogList } from './QueryLogList.tsx';

/**
 * The credit page of supervisors and the operator (/supervisionClient/toSYX, /operateClient/toSYX,
 * /govermentChain/toSYX): the figures of the query log for the chosen days (by institution, by purpose, refusals)
 * above the log itself, searchable and exported to Excel. A district supervisor's answers cover its district's
 * enterprises only (the server scopes them).
 */
export function AuditCreditScreen() {
  const { t } = useTranslation('credit');
  const list = useListQuery(auditLogList);
  const { from, to } = list.query;
  const figures = useCreditFigures({ from, to });
  // The institution filter offers every institution that ever queried in scope (the figures of all days).
  const all = useCreditFigures({});
  const orgOptions = useMemo(
    () =>
      [...(all.data?.byOrg ?? [])]
        .sort((a, b) => a.orgName.localeCompare(b.orgName, 'zh-CN'))
        .map((o) => ({ value: o.orgId, label: o.orgName })),
    [all.data],
  );
  const rangeText = from || to ? t('figures.range', { from: from ?? '…', to: to ?? '…' }) : t('figures.allDays');
  return (
    <>
      <CreditFiguresCard figures={figures.data} loading={figures.isLoading} rangeText={rangeText} to={to} />
      <AuditQueryLog list={list} orgOptions={orgOptions} title={t('log.title')} />
    </>
  );
}
