import { useMemo } from 'react';
import { Cascader, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../../../components/use-regions.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useVillages } from '../api/farmers.ts';
import { ownDistrict, regionFilters, regionPath, regionTree, type RegionOption } from './farmer-model.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * The region pickers of the farmer screens, from the villages call (names only): district → township → village.
 * A district supervisor is offered its own district only (the server scopes every answer anyway).
 *
 *   <RegionFilterItem />                                  // in a ListFilter: fills districtCode / townshipCode / villageCode
 *   <Form.Item name="villageCode" …><VillagePicker /></Form.Item>   // a form field holding one village code
 */

/** The region options the signed-in user can find, and whether they are loading. */
export function useRegionOptions(): { options: RegionOption[]; loading: boolean; district: string | null } {
  const me = useCurrentUser();
  const regions = useRegions();
  const district = ownDistrict(me, regions.data);
  const villages = useVillages(district);
  const options = useMemo(() => regionTree(villages.data ?? [], regions.data ?? []), [villages.data, regions.data]);
  return { options, loading: villages.isLoading, district };
}

const searchable = {
  filter: (input: string, path: { label?: unknown }[]) =>
    path.some((o) => String(o.label ?? '').includes(input.trim())),
};

/**
 * One cascader for the three filter params of a list (the form's hidden fields districtCode, townshipCode and
 * villageCode): pick as deep as wanted; the list searches with what is picked.
 */
export function RegionFilterItem() {
  const { t } = useTranslation('farmers');
  const form = Form.useFormInstance();
  const districtCode = Form.useWatch('districtCode', form) as string | undefined;
  const townshipCode = Form.useWatch('townshipCode', form) as string | undefined;
  const villageCode = Form.useWatch('villageCode', form) as string | undefined;
  const { options, loading } = useRegionOptions();
  return (
    <>
      <Form.Item name="districtCode" hidden noStyle>
        <Input />
      </Form.Item>
      <Form.Item name="townshipCode" hidden noStyle>
        <Input />
      </Form.Item>
      <Form.Item name="villageCode" hidden noStyle>
        <Input />
      </Form.Item>
      <Form.Item label={t('fields.region')} htmlFor="farmer-region-filter">
        <Cascader
          id="farmer-region-filter"
          style={{ minWidth: 260 }}
          options={options}
          loading={loading}
          notFoundContent={pickerEmpty(t('common:pickers.noRegion'), loading)}
          changeOnSelect
          allowClear
          showSearch={searchable}
          placeholder={t('placeholders.region')}
          value={regionPath({ districtCode, townshipCode, villageCode })}
          onChange={(path) => {
            const f = regionFilters(path as string[] | undefined);
            form.setFieldsValue({
              districtCode: f.districtCode,
              townshipCode: f.townshipCode,
              villageCode: f.villageCode,
            });
          }}
        />
      </Form.Item>
    </>
  );
}

/** A village picker for a form field holding one 12-digit village code (antd Form.Item gives value / onChange). */
export function VillagePicker({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (code: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation('farmers');
  const { options, loading } = useRegionOptions();
  // A code the list does not know (a mistyped import cell) shows as typed, so the user sees what to correct.
  const known = value ? options.some((d) => d.value === value.slice(0, 6)) : true;
  return (
    <Cascader
      id={id}
      options={options}
      loading={loading}
      notFoundContent={pickerEmpty(t('common:pickers.noRegion'), loading)}
      allowClear
      showSearch={searchable}
      placeholder={known ? t('placeholders.village') : value}
      value={value && known ? regionPath({ villageCode: value }) : []}
      onChange={(path) => onChange?.(regionFilters(path as string[] | undefined).villageCode)}
    />
  );
}
