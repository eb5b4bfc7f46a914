import { useState } from 'react';
import { Button, Empty, Modal, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, type AgreementKind } from '@phjr/contract/content/agreement';
import { useLatestAgreement } from '../api/agreements.ts';
import styles from './agreement.module.css';
import { formatDate } from '../../../lib/format.ts';

function AgreementText({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation('content');
  const q = useLatestAgreement(kind);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!q.data) return <Empty description={t('registerAgreement.missing')} />;
  const a = q.data;
  return (
    <>
      <p className={styles.meta}>
        {t('registerAgreement.meta', { title: a.title, version: a.version, date: formatDate(a.createdAt) })}
      </p>
      {/* Sanitized on the server with the rich-text allowlist before it was stored. */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: a.body }} />
    </>
  );
}

/**
 * The two agreements a new account accepts: the user agreement and the privacy policy in force
 * (/zscms/agreement/latest.json), each opened from its link into one dialog; "agree" there ticks the checkbox.
 */
export function RegisterAgreement({ onAccept }: { onAccept(): void }) {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState<AgreementKind | null>(null);
  // Fetched with the page, so the dialog opens on the text at once.
  useLatestAgreement('USER');
  useLatestAgreement('PRIVACY');
  const link = (kind: AgreementKind) => (
    <Button type="link" size="small" className={styles.link} onClick={() => setOpen(kind)}>
      {t('registerAgreement.link', { name: t(`agreement.kind.${kind}`) })}
    </Button>
  );
  return (
    <span className={styles.links}>
      {link('USER')}
      {t('registerAgreement.and')}
      {link('PRIVACY')}
      <Modal
        open={open !== null}
        title={t('registerAgreement.title')}
        width={760}
        onCancel={() => setOpen(null)}
        footer={[
          <Button key="close" onClick={() => setOpen(null)}>
            {t('registerAgreement.close')}
          </Button>,
          <Button
            key="accept"
            type="primary"
            onClick={() => {
              onAccept();
              setOpen(null);
            }}
          >
            {t('registerAgreement.accept')}
          </Button>,
        ]}
      >
        <Tabs
          activeKey={open ?? 'USER'}
          onChange={(k) => setOpen(k as AgreementKind)}
          items={AGREEMENT_KINDS.map((k) => ({
            key: k,
            label: t(`agreement.kind.${k}`),
            children: <AgreementText kind={k} />,
          }))}
        />
      </Modal>
    </span>
  );
}
