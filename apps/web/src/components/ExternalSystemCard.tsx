import { Button, Card, Typography } from 'antd';
import { ExportOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A card that opens an external system in a new tab (toSYX: the credit-management system). Nothing at all when no
 * address is configured: a link to nowhere is worse than none.
 */
export function ExternalSystemCard({ url, nameKey, hintKey }: { url: string; nameKey: string; hintKey: string }) {
  const { t } = useTranslation('layout');
  if (!url.trim()) return null;
  return (
    <Card variant="borderless" className="phjr-page-card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 20, padding: '16px 8px' }}>
        <span
          aria-hidden
          style={{
            display: 'grid',
            placeItems: 'center',
            width: 56,
            height: 56,
            borderRadius: 12,
            background: '#eaf1ff',
            color: '#1456d9',
            fontSize: 28,
          }}
        >
          <SafetyOutlined />
        </span>
        <div style={{ flex: 1 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t(nameKey)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t(hintKey)}
          </Typography.Paragraph>
        </div>
        <Button type="primary" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
          {t('external.open')}
        </Button>
      </div>
    </Card>
  );
}
