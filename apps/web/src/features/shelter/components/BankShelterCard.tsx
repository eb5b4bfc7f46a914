import { useState } from 'react';
import { Alert, Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../../../components/StateTag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useBankShelterSummary } from '../api/shelter.ts';
import { ShelterDetailDrawer } from './ShelterDetailDrawer.tsx';
import './shelter.css';

export const BANK_SHELTER_PATH = '/financialInstitution/shelter';

/**
 * The bank workbench's shelter card (shelterOps.bankSummary): how many sheltered enterprises the bank leads or helps
 * now, and the latest cases assigned to it, each opening in the drawer where help is recorded.
 */
export function BankShelterCard() {
  const { t } = useTranslation('shelter');
  const q = useBankShelterSummary();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Card
      variant="borderless"
      className="phjr-page-card"
      title={t('bank.cardTitle')}
      style={{ marginTop: 16 }}
      extra={<Link to={BANK_SHELTER_PATH}>{t('actions.viewAll')}</Link>}
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : q.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('bank.loadFailed')}
          action={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <>
          <Link to={`${BANK_SHELTER_PATH}?state=IN_SHELTER`} className="phjr-shelter-card-count">
            <strong>{q.data.inShelter}</strong>
            <span>{t('bank.inShelter')}</span>
          </Link>
          <Typography.Text type="secondary">{t('bank.latest')}</Typography.Text>
          {q.data.latest.length ? (
            <ul className="phjr-shelter-rows">
              {q.data.latest.map((c) => (
                <li key={c.id}>
                  <Space size={8} wrap>
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(c.id)}>
                      {c.code}
                    </Button>
                    <span>{c.enterpriseName}</span>
                  </Space>
                  <Space size={8}>
                    <StateTag state={c.state} />
                    <span className="phjr-shelter-muted">{formatDateTime(c.admittedAt ?? c.appliedAt)}</span>
                  </Space>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bank.none')} />
          )}
        </>
      )}
      <ShelterDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
