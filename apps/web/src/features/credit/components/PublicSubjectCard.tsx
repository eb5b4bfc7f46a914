import { useState } from 'react';
import { Button, Modal, Result, Skeleton, Tag, Typography } from 'antd';
import { FileSearchOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CreditPublicSubject } from '@phjr/contract/credit/credit';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import { useMyReport } from '../api/credit.ts';
import { CreditQueryPanel } from './CreditQueryPanel.tsx';
import { CreditReportView, PlatformRecord, RegistryDetails } from './CreditRecord.tsx';

/**
 * The portal's enterprise card: registry facts and the public record, which anyone reads; then what the reader may
 * do beyond: an institution with credit:query asks for the full record for a purpose (shown under the enterprise's
 * consent, else refused: both logged); the enterprise itself (or a person acting for it) opens its full record.
 */
export function PublicSubjectCard({
  subject,
  user,
  own,
}: {
  subject: CreditPublicSubject;
  user: UserInfo | null;
  own: boolean;
}) {
  const { t } = useTranslation('credit');
  const [open, setOpen] = useState<'query' | 'mine' | null>(null);
  const institution = user?.permissions.includes('credit:query') ?? false;
  return (
    <section className="phjr-panel" aria-label={subject.name}>
      <header className="phjr-credit-card-head">
        <div>
          <h2>{subject.name}</h2>
          <Typography.Text type="secondary" className="phjr-credit-code">
            {subject.creditCode}
          </Typography.Text>
          {subject.status ? (
            <Tag color={/注销|吊销/.test(subject.status) ? 'default' : 'green'} style={{ marginInlineStart: 8 }}>
              {subject.status}
            </Tag>
          ) : null}
        </div>
        {own ? (
          <Button type="primary" icon={<FileSearchOutlined />} onClick={() => setOpen('mine')}>
            {t('search.myFull')}
          </Button>
        ) : institution ? (
          <Button type="primary" icon={<FileSearchOutlined />} onClick={() => setOpen('query')}>
            {t('search.queryFull')}
          </Button>
        ) : null}
      </header>
      <h3 className="phjr-credit-subtitle">{t('search.registryTitle')}</h3>
      <RegistryDetails subject={subject} />
      <h3 className="phjr-credit-subtitle">{t('search.recordTitle')}</h3>
      <PlatformRecord subject={subject} />
      <p className="phjr-credit-note">
        <LockOutlined />{' '}
        {own ? t('search.noteOwn') : institution ? t('search.noteInstitution') : t('search.notePublic')}
      </p>
      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        footer={null}
        width={1000}
        destroyOnHidden
        title={
          open === 'mine'
            ? t('search.myFullTitle', { name: subject.name })
            : t('search.queryTitle', { name: subject.name })
        }
      >
        {open === 'query' ? (
          <CreditQueryPanel fixed initial={{ creditCode: subject.creditCode }} subjectName={subject.name} />
        ) : null}
        {open === 'mine' ? (
          <OwnReport creditCode={subject.creditCode} personal={user?.accountType.code === 'PERSON'} />
        ) : null}
      </Modal>
    </section>
  );
}

function OwnReport({ creditCode, personal }: { creditCode: string; personal: boolean }) {
  const { t } = useTranslation('credit');
  const report = useMyReport({ creditCode: personal ? creditCode : undefined });
  if (report.isError) return <Result status="warning" title={t('search.ownFailed')} />;
  if (!report.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <CreditReportView report={report.data} />;
}
