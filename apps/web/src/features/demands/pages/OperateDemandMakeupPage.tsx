import { useState } from 'react';
import { Button } from 'antd';
import { HistoryOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { DemandList } from '../components/DemandList.tsx';
import { MakeupFormDrawer } from '../components/MakeupFormDrawer.tsx';
import { IMPORT_RECORD_PATH, MakeupImportDrawer } from '../components/MakeupImportDrawer.tsx';
import { useRouteTitle } from '../components/use-route-title.ts';

/**
 * /operateClient/demand/makeup: Loan back-filling. The loans recorded offline, one by one (补录) or by an Excel
 * import checked with a dry run first; the import records are one click away.
 */
export default function OperateDemandMakeupPage() {
  const { t } = useTranslation('demands');
  const navigate = useNavigate();
  const title = useRouteTitle(t('view.makeup'));
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <RoutePage
      extra={
        <Button icon={<HistoryOutlined />} onClick={() => void navigate(IMPORT_RECORD_PATH)}>
          {t('makeup.records')}
        </Button>
      }
    >
      <DemandList
        scope="operate"
        perspective="operator"
        fixed={{ view: 'makeup' }}
        statuses={['GRANTED']}
        variant="loans"
        filters={{ region: true, bank: true, date: true }}
        exportName={title}
        emptyText={t('empty.makeup')}
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('makeup.create')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('makeup.importButton')}
            </Button>
          </>
        }
      />
      <MakeupFormDrawer open={creating} onClose={() => setCreating(false)} />
      <MakeupImportDrawer open={importing} onClose={() => setImporting(false)} />
    </RoutePage>
  );
}
