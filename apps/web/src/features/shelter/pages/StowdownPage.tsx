import { Alert, Button } from 'antd';
import { FileSearchOutlined, LoginOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HELP_TYPES, SHELTER_CRITERIA } from '@phjr/contract/shelter/shelter';
import { SMALL_CELL_MIN } from '@phjr/contract/stats/small-cells';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { runtime } from '../../../lib/runtime.ts';
import { centerPathOf, redirectToLogin } from '../../../lib/session.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useShelterPortalFigures } from '../api/shelter.ts';
import { ShelterDistrictTable, ShelterFiguresBand, ShelterFunnel } from '../components/ShelterFigures.tsx';
import { useShelterLabels } from '../components/use-shelter-labels.ts';
import '../components/shelter.css';

/** Where an enterprise applies: its shelter page with the form open. */
export const APPLY_PATH = '/userClient/shelter?apply=1';

/**
 * /stowdown: the financial shelter on the portal (docs/shelter.md): what the programme does, its written admission
 * criteria (the contract's list), how a case goes, the help one may ask for, and its results so far as public
 * aggregates (tiles, the way from application to exit, per district). "Apply" signs a visitor in and brings an
 * enterprise to its form; other accounts are told who may apply.
 */
export default function StowdownPage() {
  const { t, i18n } = useTranslation('shelter');
  const figures = useShelterPortalFigures();
  const labels = useShelterLabels();
  const en = i18n.language.startsWith('en');
  return (
    <RoutePage kind="overview">
      <div className="phjr-stowdown-page">
        <section className="phjr-stowdown-hero" aria-labelledby="phjr-stowdown-title">
          <div>
            <span className="phjr-stowdown-kicker">{t('portal.kicker')}</span>
            <h1 id="phjr-stowdown-title">
              <SafetyOutlined aria-hidden /> {t('portal.heroTitle')}
            </h1>
            <p>{t('portal.heroText')}</p>
          </div>
          <ApplyButtons />
        </section>

        <div className="phjr-stowdown-grid">
          <section className="phjr-panel" aria-labelledby="phjr-stowdown-criteria">
            <h2 id="phjr-stowdown-criteria">{t('portal.criteriaTitle')}</h2>
            <p className="phjr-shelter-muted">{t('portal.criteriaHint')}</p>
            <ol className="phjr-shelter-criteria">
              {SHELTER_CRITERIA.map((c) => (
                <li key={c.zh}>{en ? c.en : c.zh}</li>
              ))}
            </ol>
          </section>
          <section className="phjr-panel" aria-labelledby="phjr-stowdown-how">
            <h2 id="phjr-stowdown-how">{t('portal.howTitle')}</h2>
            <ol className="phjr-stowdown-steps">
              {(['how1', 'how2', 'how3', 'how4', 'how5'] as const).map((k) => (
                <li key={k}>{t(`portal.${k}`)}</li>
              ))}
            </ol>
            <h2 style={{ marginTop: 16 }}>{t('portal.helpTitle')}</h2>
            <ul className="phjr-stowdown-helps">
              {HELP_TYPES.map((h) => (
                <li key={h}>{labels.help.label(h)}</li>
              ))}
            </ul>
          </section>
        </div>

        <section className="phjr-panel" aria-labelledby="phjr-stowdown-figures">
          <h2 id="phjr-stowdown-figures">{t('portal.figuresTitle')}</h2>
          <p className="phjr-shelter-muted">{t('portal.figuresHint')}</p>
          {figures.isError ? (
            <Alert type="warning" showIcon title={t('portal.loadFailed')} />
          ) : (
            <ShelterFiguresBand figures={figures.data?.total ?? undefined} label={t('portal.figuresTitle')} />
          )}
          {figures.data?.total === null ? (
            <Alert type="info" showIcon title={t('portal.totalWithheld', { n: SMALL_CELL_MIN })} />
          ) : null}
        </section>

        <div className="phjr-stowdown-grid is-wide-right">
          <section className="phjr-panel" aria-labelledby="phjr-stowdown-funnel">
            <h2 id="phjr-stowdown-funnel">{t('portal.funnelTitle')}</h2>
            <ShelterFunnel figures={figures.data?.total ?? undefined} />
          </section>
          <section className="phjr-panel" aria-labelledby="phjr-stowdown-districts">
            <h2 id="phjr-stowdown-districts">{t('portal.byDistrictTitle')}</h2>
            <ShelterDistrictTable data={figures.data?.byDistrict} loading={figures.isPending} />
          </section>
        </div>
      </div>
    </RoutePage>
  );
}

/** Apply: sign in first (back to the form), the form for an enterprise, a word for any other account. */
function ApplyButtons() {
  const { t } = useTranslation('shelter');
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) {
    return (
      <div className="phjr-stowdown-hero-actions">
        <Button
          size="large"
          type="primary"
          style={{ background: '#d4380d' }}
          icon={<LoginOutlined />}
          // The ticket lands on the form's page, which then opens the form (session.ts returns only to the landing path).
          onClick={() =>
            void redirectToLogin('nonPlatform', `${runtime().location().origin}/userClient/shelter`, APPLY_PATH)
          }
        >
          {t('portal.signInToApply')}
        </Button>
      </div>
    );
  }
  if (user.accountType.code !== 'ENTERPRISE') {
    return (
      <div className="phjr-stowdown-hero-actions" style={{ maxWidth: 260 }}>
        <span>{t('portal.notEnterprise')}</span>
        <Link to={centerPathOf(user)} style={{ color: '#fff', textDecoration: 'underline' }}>
          {t('portal.toMyClient')}
        </Link>
      </div>
    );
  }
  return (
    <div className="phjr-stowdown-hero-actions">
      {user.permissions.includes('shelter:apply') ? (
        <Button size="large" type="primary" style={{ background: '#d4380d' }} onClick={() => void navigate(APPLY_PATH)}>
          {t('portal.apply')}
        </Button>
      ) : null}
      <Button size="large" ghost icon={<FileSearchOutlined />} onClick={() => void navigate('/userClient/shelter')}>
        {t('portal.myCases')}
      </Button>
    </div>
  );
}
