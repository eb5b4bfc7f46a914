import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Any address the route table does not know, inside the portal chrome. */
export default function NotFoundPage() {
  const { t } = useTranslation(['routes', 'common']);
  const navigate = useNavigate();
  return (
    <Card variant="borderless" className="phjr-page-card">
      <Result
        status="404"
        title={t('title.portal.notFound')}
        subTitle={t('desc.portal.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('common:actions.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
