import { useState } from 'react';
import { Button, Result } from 'antd';
import { LoginOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSearchParams } from '../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { DEMAND_TYPES, type DemandType } from '@phjr/contract/demands/demand';
import { RoutePage } from '../../components/RoutePage.tsx';
import { runtime } from '../../lib/runtime.ts';
import { centerPathOf, redirectToLogin } from '../../lib/session.ts';
import { useCurrentUser } from '../../lib/session-hooks.ts';
import { MatchDrawer } from '../../features/products/components/MatchDrawer.tsx';
import { DemandPostForm } from '../../features/demands/components/DemandPostForm.tsx';
import '../../features/demands/components/demands.css';

/**
 * /financing: Financing demands. The financing demand hall: enterprises and individuals post what they need and
 * banks take it up online. Signed in, you can post a public demand or address one bank or guarantee company.
 * `?productId=` applies for a product (an orientation demand to its bank, or a guarantee demand for a guarantee
 * service); `?type=` preselects the kind.
 */
export default function FinancingPage() {
  const { t } = useTranslation('demands');
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const [matching, setMatching] = useState(false);
  const idParam = Number(params.get('productId'));
  const productId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const typeParam = params.get('type');
  const requestedType = (DEMAND_TYPES as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as DemandType)
    : null;
  const applicant = user && (user.accountType.code === 'PERSON' || user.accountType.code === 'ENTERPRISE');

  let body;
  if (!user) {
    body = (
      <Result
        icon={<LoginOutlined />}
        title={t('form.signInTitle')}
        subTitle={t('form.signInText')}
        extra={
          // Back to this form after signing in, with the product or type it was opened for.
          <Button
            type="primary"
            size="large"
            onClick={() =>
              void redirectToLogin(
                'nonPlatform',
                `${runtime().location().origin}/financing`,
                `/financing${runtime().location().search}`,
              )
            }
          >
            {t('form.signIn')}
          </Button>
        }
      />
    );
  } else if (!applicant) {
    body = (
      <Result
        status="info"
        title={t('form.notApplicantTitle')}
        subTitle={t('form.notApplicantText')}
        extra={<Link to={centerPathOf(user)}>{t('form.toMyClient')}</Link>}
      />
    );
  } else if (!user.permissions.includes('demand:apply')) {
    // A view-only sub-account (demand:view): the server would refuse the post.
    body = (
      <Result
        status="info"
        title={t('form.viewOnlyTitle')}
        subTitle={t('form.viewOnlyText')}
        extra={<Link to={centerPathOf(user)}>{t('form.toMyClient')}</Link>}
      />
    );
  } else {
    body = (
      <DemandPostForm
        // A new product or type from the address starts a fresh form.
        key={`${productId ?? ''}-${requestedType ?? ''}`}
        user={user}
        productId={productId}
        requestedType={requestedType}
        onDropProduct={() => {
          const next = new URLSearchParams(params);
          next.delete('productId');
          setParams(next, { replace: true });
        }}
      />
    );
  }

  return (
    <RoutePage kind="form">
      <div className="phjr-financing">
        <section className="phjr-panel phjr-financing-main" aria-label={t('form.title')}>
          {body}
        </section>
        <aside className="phjr-financing-aside" aria-label={t('form.howTitle')}>
          <section className="phjr-panel">
            <h2>{t('form.howTitle')}</h2>
            <ol className="phjr-financing-steps">
              <li>{t('form.how1')}</li>
              <li>{t('form.how2')}</li>
              <li>{t('form.how3')}</li>
              <li>{t('form.how4')}</li>
            </ol>
          </section>
          <section className="phjr-panel">
            <h2>{t('form.matchTitle')}</h2>
            <p className="phjr-demand-muted">{t('form.matchText')}</p>
            <Button icon={<ThunderboltOutlined />} block onClick={() => setMatching(true)}>
              {t('form.match')}
            </Button>
            <p style={{ marginTop: 12, marginBottom: 0 }}>
              <Link to="/supermarket" className="phjr-target">
                {t('form.browseSupermarket')}
              </Link>
            </p>
          </section>
        </aside>
      </div>
      <MatchDrawer open={matching} onClose={() => setMatching(false)} />
    </RoutePage>
  );
}
