import { Button, Result, Skeleton, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificationResult } from '@phjr/contract/auth/certification';
import { StandaloneFrame } from '../../../components/StandaloneFrame.tsx';
import { useCertification } from '../api/accounts.ts';

type CertShown = 'success' | 'fail' | 'pending' | 'none';

/**
 * What the page says: the account's certification as the server holds it, never the address (issue 30: opened
 * directly, `/certificationTip` claimed a submission that never happened). No answer (signed out) reads as none.
 */
export function certShown(result: Pick<CertificationResult, 'status'> | undefined): CertShown {
  switch (result?.status) {
    case 'CERTIFIED':
      return 'success';
    case 'REJECTED':
      return 'fail';
    case 'PENDING':
      return 'pending';
    default:
      return 'none';
  }
}

const RESULT_STATUS: Record<CertShown, ResultProps['status']> = {
  success: 'success',
  fail: 'error',
  pending: 'info',
  none: 'info',
};

/** /certificationTip: the outcome of identity certification, read from the account. */
export default function CertificationTipPage() {
  const { t } = useTranslation(['layout', 'routes']);
  const navigate = useNavigate();
  const cert = useCertification();
  if (cert.isPending) {
    return (
      <StandaloneFrame>
        <Skeleton active />
      </StandaloneFrame>
    );
  }
  const status = certShown(cert.data);
  const reason = cert.data?.reason;
  return (
    <StandaloneFrame>
      <Result
        status={RESULT_STATUS[status]}
        title={t(`certification.${status}Title`)}
        subTitle={
          status === 'fail' && reason ? t('certification.reason', { reason }) : t(`certification.${status}Hint`)
        }
        extra={[
          status === 'fail' || status === 'none' ? (
            <Button key="retry" type="primary" onClick={() => navigate('/userClient/certification')}>
              {t(status === 'fail' ? 'certification.retry' : 'certification.toCertify')}
            </Button>
          ) : (
            <Button key="center" type="primary" onClick={() => navigate('/userClient/home')}>
              {t('certification.toCenter')}
            </Button>
          ),
          <Button key="home" onClick={() => navigate('/home')}>
            {t('common:actions.backHome')}
          </Button>,
        ]}
      />
    </StandaloneFrame>
  );
}
