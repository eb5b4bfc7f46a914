import { Button, Form, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ZStatus } from '@phjr/contract/orgs/admin-fields';
import { StateTag } from '../../../components/StateTag.tsx';
import { useRegions } from '../../../components/use-regions.ts';
import { field } from '../../../components/list-page/ListPage.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/** The filters every administration list shares, with the contract's limits (ZOrgPageQuery, ZUserPageQuery…). */
export const adminFilters = {
  name: field.text(60),
  status: field.oneOf(ZStatus.options),
};

/** The account or organisation status filter (any, enabled, disabled). */
export function StatusFilterItem() {
  const { t } = useTranslation('orgs');
  return (
    <Form.Item name="status" label={t('fields.status')}>
      <Select
        allowClear
        placeholder={t('placeholder.all')}
        options={ZStatus.options.map((s) => ({ value: s, label: <StateTag state={s} /> }))}
      />
    </Form.Item>
  );
}

/** The region filter (the district list of the city). */
export function RegionFilterItem() {
  const { t } = useTranslation('orgs');
  const regions = useRegions();
  return (
    <Form.Item name="regionCode" label={t('fields.region')}>
      <Select
        notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
        allowClear
        placeholder={t('placeholder.all')}
        options={(regions.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
      />
    </Form.Item>
  );
}

/** The row's edit link, where the server lists `edit` among the row's actions. */
export function EditAction({ row, onEdit }: { row: { actions: readonly string[] }; onEdit(): void }) {
  const { t } = useTranslation('orgs');
  if (!row.actions.includes('edit')) return null;
  return (
    <Button type="link" size="small" onClick={onEdit}>
      {t('actions.edit')}
    </Button>
  );
}

/** The page's create button (in the page header, beside the title). */
export function CreateButton({ onClick, label }: { onClick(): void; label?: string }) {
  const { t } = useTranslation('orgs');
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label ?? t('actions.create')}
    </Button>
  );
}
