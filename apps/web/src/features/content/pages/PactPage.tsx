import { Button, Result, Skeleton, Tabs } from 'antd';
import type { AgreementKind } from '@phjr/contract/content/agreement';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { isAgreementMissing, useLatestAgreement } from '../api/portal-agreements.ts';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { formatDate } from '../../../lib/format.ts';
import '../components/article-view.css';
import './pact-page.css';

/** The contract's AGREEMENT_KINDS, restated so zod stays out of this page (a type error if they drift apart). */
const KINDS = ['USER', 'PRIVACY'] as const satisfies readonly AgreementKind[];

function AgreementPanel({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation('portal');
  const { data, isPending, isError, error, refetch } = useLatestAgreement(kind);
  if (isPending) return <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 12 }} />;
  if (isError || !data) {
    const missing = isAgreementMissing(error);
    return (
      <Result
        status={missing ? 'info' : 'warning'}
        title={t(missing ? 'pact.missingTitle' : 'pact.failedTitle')}
        subTitle={t(missing ? 'pact.missingHint' : 'pact.failedHint')}
        extra={missing ? null : <Button onClick={() => void refetch()}>{t('list.retry')}</Button>}
      />
    );
  }
  return (
    <article className="phjr-pact">
      <header className="phjr-article-head">
        <h2 className="phjr-article-title">{data.title}</h2>
        <p className="phjr-pact-meta">
          <span>{t('pact.version', { version: data.version })}</span>
          <span>{t('pact.effective', { date: formatDate(data.createdAt) })}</span>
        </p>
      </header>
      <div className="phjr-article-body" dangerouslySetInnerHTML={{ __html: data.body }} />
    </article>
  );
}

/**
 * /pact: Platform agreements. The user agreement and the privacy policy in force (agreementOps.latest),
 * one tab each, with version and date; `kind` in the URL says which tab is open.
 */
export default function PactPage() {
  const { t } = useTranslation('portal');
  const [params, setParams] = useSearchParams();
  const kind: AgreementKind = params.get('kind') === 'PRIVACY' ? 'PRIVACY' : 'USER';
  return (
    <RoutePage kind="article">
      <SectionLayout section="news" active="pact">
        <section className="phjr-panel phjr-pact-panel" aria-label={t('pact.tabs')}>
          <p className="phjr-pact-notice">{t('pact.notice')}</p>
          <Tabs
            activeKey={kind}
            onChange={(k) => setParams({ kind: k }, { replace: true })}
            items={KINDS.map((k) => ({ key: k, label: t(`pact.${k}`), children: <AgreementPanel kind={k} /> }))}
          />
        </section>
      </SectionLayout>
    </RoutePage>
  );
}
