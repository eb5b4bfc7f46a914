import { useState } from 'react';
import { Result, Tabs } from 'antd';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import type { FarmerImportResult } from '@phjr/contract/farmers/farmer';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { FarmerImportDrawer } from './FarmerImportDrawer.tsx';
import { FarmerImports } from './FarmerImports.tsx';
import { FarmerRecords } from './FarmerRecords.tsx';
import { VillageFunnel } from './VillageFunnel.tsx';
import './farmers.css';

const TABS = ['records', 'villages', 'imports'] as const;
type Tab = (typeof TABS)[number];

/**
 * The farmer-data screen of the operator (/operateClient/farmer-data) and of supervisors
 * (/supervisionClient/farmer-data): one screen, the server scopes what each sees (a district supervisor its district).
 * Tabs (`?tab=`): the records (filters, masked rows, export, detail), the village view (the funnel by district,
 * township, village) and, with farmer:import, the imports with their failed rows. Without farmer:read (a role that
 * holds the route but not the data) it says so instead of calling.
 */
export function FarmerDataScreen() {
  const { t } = useTranslation('farmers');
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const canRead = me?.permissions.includes('farmer:read') ?? false;
  const canImport = me?.permissions.includes('farmer:import') ?? false;
  const raw = params.get('tab');
  const tab: Tab =
    (TABS as readonly string[]).includes(raw ?? '') && (raw !== 'imports' || canImport) ? (raw as Tab) : 'records';
  const importParam = Number(params.get('importRecordId'));
  const importId = Number.isInteger(importParam) && importParam > 0 ? importParam : null;
  const [importing, setImporting] = useState(false);

  // The tab and the chosen import live in the address; the records' filters and page stay there as they were.
  const go = (next: Tab, importRecordId?: number | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'records') p.delete('tab');
        else p.set('tab', next);
        if (importRecordId === undefined) {
          if (next !== 'imports') p.delete('importRecordId');
        } else if (importRecordId === null) p.delete('importRecordId');
        else p.set('importRecordId', String(importRecordId));
        return p;
      },
      { replace: true },
    );

  if (!canRead) {
    return (
      <RoutePage>
        <section className="phjr-panel">
          <Result status="403" title={t('noAccess.title')} subTitle={t('noAccess.hint')} />
        </section>
      </RoutePage>
    );
  }

  const openImport = canImport ? () => setImporting(true) : undefined;
  return (
    <RoutePage>
      <section className="phjr-panel">
        <Tabs
          activeKey={tab}
          onChange={(k) => go(k as Tab)}
          items={[
            { key: 'records', label: t('tabs.records'), children: <FarmerRecords onImport={openImport} /> },
            { key: 'villages', label: t('tabs.villages'), children: <VillageFunnel /> },
            ...(canImport
              ? [
                  {
                    key: 'imports',
                    label: t('tabs.imports'),
                    children: (
                      <FarmerImports
                        importId={importId}
                        onImportId={(id) => go('imports', id)}
                        onImport={() => setImporting(true)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
          destroyOnHidden
        />
      </section>
      {canImport ? (
        <FarmerImportDrawer
          open={importing}
          onClose={() => setImporting(false)}
          onImported={(r: FarmerImportResult) => {
            if (r.invalid > 0 && r.importRecordId) go('imports', r.importRecordId);
          }}
        />
      ) : null}
    </RoutePage>
  );
}
