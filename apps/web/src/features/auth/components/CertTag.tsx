import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { CertStatus } from '@phjr/contract/auth/certification';

const COLOR: Record<CertStatus, string> = { NONE: 'default', PENDING: 'purple', CERTIFIED: 'green', REJECTED: 'red' };

export function CertTag({ status }: { status: CertStatus }) {
  const { t } = useTranslation('auth');
  return <Tag color={COLOR[status]}>{t(`cert.status.${status}`)}</Tag>;
}
