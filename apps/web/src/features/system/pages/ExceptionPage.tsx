import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { StandaloneFrame } from '../../../components/StandaloneFrame.tsx';
import { errorText } from '../../../lib/request-error.ts';

/** /exception?errorCode=&errorMessage=: where showType 9 errors land (SPEC 8). */
export default function ExceptionPage() {
  const { t } = useTranslation(['routes', 'layout', 'common', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('errorCode');
  // The query keeps the server's words; the page shows them in the reader's language (re-rendered by useTranslation).
  const message = errorText({ errorCode: code ?? undefined, errorMessage: params.get('errorMessage') ?? undefined });
  return (
    <StandaloneFrame>
      <Result
        status="error"
        title={message || t('title.standalone.exception')}
        subTitle={t('desc.standalone.exception')}
        extra={[
          <Button key="home" type="primary" onClick={() => navigate('/home')}>
            {t('common:actions.backHome')}
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            {t('layout:exception.back')}
          </Button>,
        ]}
      >
        {code ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0, textAlign: 'center' }}>
            {t('layout:exception.code')}
            <Typography.Text code copyable>
              {code}
            </Typography.Text>
          </Typography.Paragraph>
        ) : null}
      </Result>
    </StandaloneFrame>
  );
}
