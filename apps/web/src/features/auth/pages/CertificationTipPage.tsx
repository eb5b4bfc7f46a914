import { Button, Result, type ResultProps } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StandaloneFrame } from '../../../components/StandaloneFrame.tsx';

type CertStatus = 'success' | 'fail' | 'pending';

/** Reads `status` (success, fail/failed/rejected, anything else = submitted and in review). */
export function certStatus(raw: string | null): CertStatus {
  const s = (raw ?? '').toLowerCase();
  if (['success', 'succeeded', 'certified', 'pass', 'passed', '1', 'true'].includes(s)) return 'success';
  if (['fail', 'failed', 'rejected', 'error', '0', 'false'].includes(s)) return 'fail';
  return 'pending';
}

const RESULT_STATUS: Record<CertStatus, ResultProps['status']> = { success: 'success', fail: 'error', pending: 'info' };

/** /certificationTip?status=&reason=: the outcome of identity certification. */
export default function CertificationTipPage() {
  const { t } = useTranslation(['layout', 'routes']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = certStatus(params.get('status'));
  const reason = params.get('reason');
  return (
    <StandaloneFrame>
      <Result
        status={RESULT_STATUS[status]}
        title={t(`certification.${status}Title`)}
        subTitle={
          status === 'fail' && reason ? t('certification.reason', { reason }) : t(`certification.${status}Hint`)
        }
        extra={[
          status === 'fail' ? (
            <Button key="retry" type="primary" onClick={() => navigate('/userClient/certification')}>
              {t('certification.retry')}
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
