import { Skeleton } from 'antd';
import { AuditOutlined, FileProtectOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CreditPublicSubject } from '@phjr/contract/credit/credit';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { CardListBody, CardListPages, KeywordSearch } from '../../../components/list-page/CardList.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { withParams, useSearchParams } from '../../../lib/search-params.ts';
import { useCreditSearch, useMySubjects } from '../api/credit.ts';
import { PublicSubjectCard } from '../components/PublicSubjectCard.tsx';
import '../components/credit.css';

const PAGE_SIZE = 10;
const SUBJECT_PERMISSIONS = ['credit:consent', 'demand:apply', 'demand:view'];

/**
 * /creditSearch: Credit query. Anyone finds an enterprise by a part of its name or its unified social credit code
 * (`?keyword=`, `?current=`) and reads its registry facts and public record on the platform (`?code=` picks the
 * card; the first result otherwise). The full record is for the enterprise itself and, under its consent, an
 * institution (docs/credit.md); the card offers what the reader may do.
 */
export default function CreditSearchPage() {
  const { t } = useTranslation('credit');
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 60);
  const current = Math.max(1, Number(params.get('current')) || 1);
  const result = useCreditSearch({ keyword, current, pageSize: PAGE_SIZE });
  const isSubject = user ? user.permissions.some((p) => SUBJECT_PERMISSIONS.includes(p)) : false;
  const mine = useMySubjectsIf(isSubject);
  const rows = result.data?.list ?? [];
  const chosen = rows.find((r) => r.creditCode === params.get('code')) ?? rows[0] ?? null;

  const write = (next: Record<string, string | undefined>) =>
    setParams((prev) => withParams(prev, next), { replace: false });

  return (
    <RoutePage kind="list">
      <section className="phjr-panel phjr-credit-search-bar">
        <KeywordSearch
          keyword={keyword || undefined}
          size="large"
          enterButton={t('search.button')}
          maxLength={60}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          onSearch={(k) => write({ keyword: k.trim() || undefined, current: undefined, code: undefined })}
        />
      </section>
      {keyword.length < 2 ? (
        <Intro tooShort={keyword.length === 1} />
      ) : (
        <div className="phjr-credit-search-body">
          <section className="phjr-panel" aria-label={t('search.results')} style={{ padding: 0 }}>
            <CardListBody<CreditPublicSubject>
              result={result}
              className="phjr-credit-results"
              emptyClassName="phjr-page-empty"
              skeleton={<Skeleton active paragraph={{ rows: 8 }} style={{ padding: 16 }} />}
              failed={{ title: t('search.failed'), hint: t('search.failedHint'), actions: null }}
              empty={{ title: t('search.empty'), hint: t('search.emptyHint') }}
              renderItem={(r) => (
                <li key={r.creditCode}>
                  <button
                    type="button"
                    className="phjr-credit-result"
                    aria-current={chosen?.creditCode === r.creditCode}
                    onClick={() => write({ code: r.creditCode })}
                  >
                    <strong>{r.name}</strong>
                    <small className="phjr-credit-code">{r.creditCode}</small>
                    <small>
                      {[r.legalRep && `${t('registry.legalRep')} ${r.legalRep}`, r.regionName, r.status]
                        .filter(Boolean)
                        .join(' · ')}
                    </small>
                  </button>
                </li>
              )}
            />
            <div style={{ padding: '0 16px 12px' }}>
              <CardListPages
                current={current}
                pageSize={PAGE_SIZE}
                total={result.data?.total ?? 0}
                label={t('search.pages')}
                onChange={(p) => write({ current: p > 1 ? String(p) : undefined, code: undefined })}
              />
            </div>
          </section>
          {chosen ? (
            <PublicSubjectCard
              key={chosen.creditCode}
              subject={chosen}
              user={user}
              own={(mine ?? []).includes(chosen.creditCode)}
            />
          ) : result.isPending ? (
            <section className="phjr-panel">
              <Skeleton active paragraph={{ rows: 12 }} />
            </section>
          ) : null}
        </div>
      )}
    </RoutePage>
  );
}

/** The enterprises the signed-in enterprise or person reads for (their own card offers the full record). */
function useMySubjectsIf(enabled: boolean): string[] | null {
  const q = useMySubjects(enabled);
  return enabled ? (q.data?.subjects.map((s) => s.creditCode) ?? null) : null;
}

/** Before a search: what the page shows to whom. */
function Intro({ tooShort }: { tooShort: boolean }) {
  const { t } = useTranslation('credit');
  return (
    <section className="phjr-panel">
      {tooShort ? <p style={{ color: '#d4380d', marginTop: 0 }}>{t('search.tooShort')}</p> : null}
      <div className="phjr-credit-intro">
        <div>
          <GlobalOutlined />
          <h2>{t('search.introPublicTitle')}</h2>
          <p>{t('search.introPublic')}</p>
        </div>
        <div>
          <FileProtectOutlined />
          <h2>{t('search.introConsentTitle')}</h2>
          <p>{t('search.introConsent')}</p>
        </div>
        <div>
          <AuditOutlined />
          <h2>{t('search.introLogTitle')}</h2>
          <p>{t('search.introLog')}</p>
        </div>
      </div>
    </section>
  );
}
