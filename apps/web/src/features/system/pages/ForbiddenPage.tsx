import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '../../../app/access.ts';
import { StandaloneFrame } from '../../../components/StandaloneFrame.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';

/** /403: the route's resource is not in the user's resourceList. The way out is the user's own home. */
export default function ForbiddenPage() {
  const { t } = useTranslation(['routes', 'layout']);
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <Result
        status="403"
        title={t('title.standalone.forbidden')}
        subTitle={t('desc.standalone.forbidden')}
        extra={
          <Button type="primary" onClick={() => navigate(homePathFor(user))}>
            {t(user ? 'layout:forbidden.backToMyHome' : 'common:actions.backHome')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
