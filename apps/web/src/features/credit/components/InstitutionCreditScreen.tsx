import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CREDIT_PURPOSES, CONSENT_EXPIRING_SOON_DAYS, type CreditPurpose } from '@phjr/contract/credit/credit';
import { useHeldConsents } from '../api/credit.ts';
import { HeldConsentList } from './ConsentList.tsx';
import { CreditQueryPanel } from './CreditQueryPanel.tsx';
import { CreditTabs, useCreditTab } from './CreditTabs.tsx';
import { InstitutionQueryLog } from './QueryLogList.tsx';

const TABS = ['query', 'consents', 'log'] as const;

/**
 * The credit page of a bank or a guarantee company (/financialInstitution/toSYX, /guaranteePlatform/toSYX,
 * /financialChain/toSYX): query an enterprise under its consent, the consents the institution holds (expiry, the
 * soon-to-expire mark, query under one), and the institution's own queries. A consent to an organisation covers its
 * branches and sub-branches (the server decides).
 */
export function InstitutionCreditScreen() {
  const { t } = useTranslation('credit');
  const { tab, go, params } = useCreditTab(TABS);
  const soon = useHeldConsents({ expiringSoon: 'true', current: 1, pageSize: 1 });
  const soonCount = soon.data?.total ?? 0;
  const code = params.get('code') ?? undefined;
  const purposeParam = params.get('purpose');
  const purpose = (CREDIT_PURPOSES as readonly string[]).includes(purposeParam ?? '')
    ? (purposeParam as CreditPurpose)
    : undefined;

  return (
    <>
      {soonCount > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('institution.expiringSoon', { n: soonCount, days: CONSENT_EXPIRING_SOON_DAYS })}
          action={
            <Button size="small" onClick={() => go('consents', { expiringSoon: 'true' })}>
              {t('institution.showExpiring')}
            </Button>
          }
        />
      ) : null}
      <CreditTabs
        active={tab}
        onChange={(k) => go(k)}
        tabs={[
          {
            key: 'query',
            label: t('institution.tabQuery'),
            // A query started from a held consent arrives with its enterprise and purpose.
            content: (
              <CreditQueryPanel key={`${code ?? ''}-${purpose ?? ''}`} initial={{ creditCode: code, purpose }} />
            ),
          },
          {
            key: 'consents',
            label: t('institution.tabConsents'),
            content: (
              <HeldConsentList onQuery={(c) => go('query', { code: c.subjectCreditCode, purpose: c.purpose })} />
            ),
          },
          { key: 'log', label: t('institution.tabLog'), content: <InstitutionQueryLog /> },
        ]}
      />
    </>
  );
}
