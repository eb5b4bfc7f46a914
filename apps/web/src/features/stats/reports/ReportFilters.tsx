import { useState, type ReactNode } from 'react';
import { App, Button, Form, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEMAND_TYPES } from '@phjr/contract/demands/demand';
import type { ReportQuery } from '@phjr/contract/stats/reports';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingToday, formatDateTimeSeconds, pickerDay } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { withParams, useSearchParams } from '../../../lib/search-params.ts';
import { districtsOf, regionName, useRegions } from '../../../components/use-regions.ts';
import { useReportLabels } from './labels.ts';
import { reportQueryOf } from './report-model.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * The report's filters, held by the address (UI.md: a filter bar that reflects the URL): the Beijing period, the demand
 * type and, for the operator and city-level supervisors, a district. A district supervisor has no district select: the
 * server holds it to its own district whatever is sent, and the bar names that district instead.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const me = useCurrentUser();
  const regions = useRegions();
  const districts = districtsOf(regions.data);
  const ownDistrict =
    me && me.accountType.code !== 'PLATFORM' && me.regionCode && districts.some((d) => d.code === me.regionCode)
      ? me.regionCode
      : null;
  const query = reportQueryOf(params, { lockedRegion: ownDistrict !== null });
  function update(next: Partial<Record<'from' | 'to' | 'type' | 'regionCode' | 'tab', string | undefined>>) {
    setParams((prev) => withParams(prev, next), { replace: true });
  }
  return { query, params, update, ownDistrict, ownDistrictName: regionName(regions.data, ownDistrict), districts };
}
export type ReportFiltersState = ReturnType<typeof useReportFilters>;

export function ReportFilterBar({
  filters,
  onExport,
  asOf,
  extra,
}: {
  filters: ReportFiltersState;
  onExport(): Promise<string>;
  asOf: string | undefined;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('stats');
  const { message } = App.useApp();
  const { type: typeLabel } = useReportLabels();
  const [busy, setBusy] = useState(false);
  const { query, update, ownDistrict, ownDistrictName, districts } = filters;

  async function runExport() {
    setBusy(true);
    try {
      const name = await onExport();
      void message.success(t('report.exported', { name }));
    } catch {
      // The request module has already shown why the call failed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="phjr-report-filters">
      <Form layout="inline" aria-label={t('report.filters')}>
        <Form.Item label={t('report.period')} htmlFor="report-period">
          <BeijingDatePicker.RangePicker
            id={{ start: 'report-period' }}
            allowClear={false}
            value={[pickerDay(query.from), pickerDay(query.to)]}
            disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) update({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
            }}
          />
        </Form.Item>
        <Form.Item label={t('report.type')} htmlFor="report-type">
          <Select
            id="report-type"
            allowClear
            style={{ width: 140 }}
            placeholder={t('report.allTypes')}
            value={query.type}
            options={DEMAND_TYPES.map((ty) => ({ value: ty, label: typeLabel(ty) }))}
            onChange={(v?: string) => update({ type: v })}
          />
        </Form.Item>
        {ownDistrict ? (
          <Form.Item label={t('report.district')}>
            <Tag>{ownDistrictName ?? ownDistrict}</Tag>
          </Form.Item>
        ) : (
          <Form.Item label={t('report.district')} htmlFor="report-district">
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
              id="report-district"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 160 }}
              placeholder={t('report.allDistricts')}
              value={query.regionCode}
              options={districts.map((d) => ({ value: d.code, label: d.name }))}
              onChange={(v?: string) => update({ regionCode: v })}
            />
          </Form.Item>
        )}
        {extra}
      </Form>
      <div className="phjr-report-toolbar">
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void runExport()}>
          {t('report.export')}
        </Button>
      </div>
      {/* Reserved even before the first answer, so the table does not move when it arrives. */}
      <p className="phjr-report-asof">{asOf ? t('report.asOf', { time: formatDateTimeSeconds(asOf) }) : '\u00a0'}</p>
    </div>
  );
}

/** The page's filters as the report calls take them. */
export type { ReportQuery };
