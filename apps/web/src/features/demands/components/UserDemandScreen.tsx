import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DemandType } from '@phjr/contract/demands/demand';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { DemandList } from './DemandList.tsx';
import { useRouteTitle } from './use-route-title.ts';

/**
 * The applicant's own demands of one type: filters, export, the detail with its timeline, withdraw. A view-only
 * sub-account (demand:view without demand:apply) sees them and neither posts nor withdraws.
 */
export function UserDemandScreen({ type }: { type: DemandType }) {
  const { t } = useTranslation('demands');
  const navigate = useNavigate();
  const title = useRouteTitle(t(`type.${type}`));
  const me = useCurrentUser();
  const canPost = me?.permissions.includes('demand:apply') ?? false;
  return (
    <RoutePage
      extra={
        canPost ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`/financing?type=${type}`)}>
            {t('actions.post')}
          </Button>
        ) : null
      }
    >
      <DemandList
        scope="my"
        perspective="applicant"
        fixed={{ type }}
        filters={{ date: true }}
        exportName={title}
        emptyText={t('empty.mine')}
      />
    </RoutePage>
  );
}
