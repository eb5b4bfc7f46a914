import { useState, type ReactNode } from 'react';
import { Button, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../../../components/use-regions.ts';
import { KeywordSearch } from '../../../components/list-page/CardList.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { useProductBanks } from '../api/portal-reads.ts';
import { useActiveChains } from '../api/product-chains.ts';
import { chainIdsOf, chainIdsText, chainOptions } from './product-chains.ts';
import type { FilterKey, ProductParams } from './use-product-params.ts';
import './product-list.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

export interface ProductFilterPanelProps {
  params: ProductParams;
  /** Filters this page fixes itself (the district's region, the countryside tab's customer type). */
  hide?: readonly FilterKey[];
  /** Beside the search box (the "match me" button). */
  extra?: ReactNode;
  /** The region the page fixes (a district's supermarket): the bank filter lists the banks serving it. */
  regionCode?: string;
}

/** A row of toggle chips: "any" and each code of an enum; the pressed one is the URL's. */
function ChipRow({
  label,
  enumName,
  value,
  onChange,
}: {
  label: string;
  enumName: string;
  value?: string;
  onChange(v?: string): void;
}) {
  const { t } = useTranslation('products');
  const e = useEnum(enumName);
  return (
    <div className="phjr-pfilter-row" role="group" aria-label={label}>
      <span className="phjr-pfilter-label" aria-hidden>
        {label}
      </span>
      <div className="phjr-pfilter-chips">
        <button type="button" className="phjr-pfilter-chip" aria-pressed={!value} onClick={() => onChange(undefined)}>
          {t('filter.any')}
        </button>
        {e.options.map((o) => (
          <button
            key={o.value}
            type="button"
            className="phjr-pfilter-chip"
            aria-pressed={value === o.value}
            onClick={() => onChange(value === o.value ? undefined : o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** A number filter applied on Enter or when the field is left; it follows the URL (back, forward, cleared). */
function NumberFilter({
  label,
  unit,
  value,
  max,
  integer,
  onChange,
}: {
  label: string;
  unit: string;
  value?: number;
  max: number;
  integer?: boolean;
  onChange(v?: number): void;
}) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  const [shownFor, setShownFor] = useState(value);
  if (shownFor !== value) {
    setShownFor(value);
    setDraft(value ?? null);
  }
  const apply = () => {
    const v = draft === null || draft <= 0 ? undefined : draft;
    if (v !== value) onChange(v);
  };
  return (
    <label className="phjr-pfilter-field">
      {label}
      <InputNumber
        value={draft}
        min={0}
        max={max}
        precision={integer ? 0 : undefined}
        style={{ width: 150 }}
        suffix={unit}
        onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
        onBlur={apply}
        onPressEnter={apply}
      />
    </label>
  );
}

/**
 * The supermarket's filter panel (UI.md "a filter bar that reflects the URL"): search, chips for the loan type,
 * guarantee method and customer type, selects for bank, industry, region and industrial chain (`industrialChainIds`,
 * which the chain pages link with too), amount and term. Every change is a URL change.
 */
export function ProductFilterPanel({ params, hide = [], extra, regionCode }: ProductFilterPanelProps) {
  const { t } = useTranslation('products');
  const { filters, setFilters } = params;
  const shown = (k: FilterKey) => !hide.includes(k);
  const banks = useProductBanks(regionCode ?? filters.regionCode);
  const industry = useEnum('Industry');
  const regions = useRegions();
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.parentCode ? r.name : t('filter.wholeCity', { name: r.name }),
  }));
  const bankOptions = (banks.data ?? []).map((b) => ({
    value: b.id,
    label: t('filter.bankOption', { name: b.name, n: b.products }),
  }));
  const showChains = shown('industrialChainIds');
  const chains = useActiveChains();
  const chosenChains = chainIdsOf(filters.industrialChainIds);
  const chainChoices = showChains
    ? chainOptions(chains.data ?? [], chosenChains, (id) => t('filter.chainUnknown', { id }))
    : [];

  return (
    <section className="phjr-panel phjr-pfilter" aria-label={t('filter.label')}>
      <div className="phjr-pfilter-search">
        <KeywordSearch
          keyword={filters.keyword}
          onSearch={(keyword) => setFilters({ keyword })}
          placeholder={t('filter.searchPlaceholder')}
          aria-label={t('filter.searchLabel')}
          maxLength={40}
          enterButton={t('filter.search')}
          size="large"
        />
        {extra}
      </div>
      {shown('loanType') ? (
        <ChipRow
          label={t('fields.loanType')}
          enumName="LoanType"
          value={filters.loanType}
          onChange={(loanType) => setFilters({ loanType })}
        />
      ) : null}
      {shown('guaranteeMethod') ? (
        <ChipRow
          label={t('fields.guaranteeMethod')}
          enumName="GuaranteeMethod"
          value={filters.guaranteeMethod}
          onChange={(guaranteeMethod) => setFilters({ guaranteeMethod })}
        />
      ) : null}
      {shown('customerType') ? (
        <ChipRow
          label={t('fields.customerType')}
          enumName="CustomerType"
          value={filters.customerType}
          onChange={(customerType) => setFilters({ customerType })}
        />
      ) : null}
      <div className="phjr-pfilter-row">
        <span className="phjr-pfilter-label">{t('filter.more')}</span>
        <div className="phjr-pfilter-fields">
          {shown('bankId') ? (
            <label className="phjr-pfilter-field">
              {t('fields.bank')}
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noBank'), banks.isPending)}
                value={filters.bankId}
                onChange={(bankId?: number) => setFilters({ bankId })}
                options={bankOptions}
                loading={banks.isPending}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('filter.any')}
                style={{ width: 260 }}
                popupMatchSelectWidth={320}
              />
            </label>
          ) : null}
          {shown('industry') ? (
            <label className="phjr-pfilter-field">
              {t('fields.industry')}
              <Select
                value={filters.industry}
                onChange={(v?: string) => setFilters({ industry: v })}
                options={industry.options}
                allowClear
                placeholder={t('filter.any')}
                style={{ width: 160 }}
              />
            </label>
          ) : null}
          {shown('regionCode') ? (
            <label className="phjr-pfilter-field">
              {t('fields.region')}
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
                value={filters.regionCode}
                onChange={(v?: string) => setFilters({ regionCode: v })}
                options={regionOptions}
                allowClear
                placeholder={t('filter.any')}
                style={{ width: 150 }}
              />
            </label>
          ) : null}
          {showChains ? (
            <label className="phjr-pfilter-field">
              {t('filter.chain')}
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noChain'), chains.isPending)}
                mode="multiple"
                value={chosenChains}
                onChange={(ids: number[]) => setFilters({ industrialChainIds: chainIdsText(ids) })}
                options={chainChoices}
                loading={chains.isPending}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('filter.any')}
                maxTagCount="responsive"
                style={{ width: 240 }}
                popupMatchSelectWidth={280}
              />
            </label>
          ) : null}
          {shown('amount') ? (
            <NumberFilter
              label={t('filter.amount')}
              unit={t('units.wan')}
              value={filters.amount}
              max={100_000}
              onChange={(amount) => setFilters({ amount })}
            />
          ) : null}
          {shown('term') ? (
            <NumberFilter
              label={t('filter.term')}
              unit={t('units.months')}
              value={filters.term}
              max={360}
              integer
              onChange={(term) => setFilters({ term })}
            />
          ) : null}
        </div>
      </div>
      {params.active ? (
        <div className="phjr-pfilter-active" role="status">
          <span>{t('filter.activeCount', { n: params.active })}</span>
          <Button type="link" size="small" onClick={params.clear}>
            {t('list.clearFilters')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
