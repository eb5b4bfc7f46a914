import { useState } from 'react';
import { Button, Form, Input, Select, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_STATUSES, type ProductKind, type ProductStatus } from '@phjr/contract/products/product';
import { ListFilter, useListQuery } from '../../../../components/list-page/ListPage.tsx';
import { useEnum } from '../../../../lib/enums.ts';
import { useManageProducts, useProviderUnits } from '../../api/manage-products.ts';
import { ProductDetailDrawer } from './ProductDetailDrawer.tsx';
import { ProductFormDrawer, type ProductFormTarget } from './ProductFormDrawer.tsx';
import { ProductTable, productList } from './ProductTable.tsx';
import './product-manage.css';
import { pickerEmpty } from '../../../../components/PickerEmpty.tsx';

const ALL = 'ALL';

/**
 * A provider's products (a bank's loans, a guarantee company's services): its own and, for a head office, its
 * branches' and sub-branches'. Status tabs, keyword and unit filters; create and edit in a drawer; the actions
 * each state allows; the detail with the reject reason and the history.
 */
export function ProductManageScreen({ kind }: { kind: ProductKind }) {
  const { t } = useTranslation('products');
  const statusEnum = useEnum('ProductStatus');
  const units = useProviderUnits();
  // The status tabs are a filter of the address too (`?status=DRAFT`); the provider's kind is fixed.
  const list = useListQuery(productList);
  const status = list.query.status ?? ALL;
  const [editing, setEditing] = useState<ProductFormTarget | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const result = useManageProducts({ ...list.query, kind });
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.id, label: u.name }));

  return (
    <div className="phjr-pmanage">
      <ListFilter list={list} name="product-filter">
        <Form.Item name="keyword" label={t('manage.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('manage.keywordPlaceholder')} />
        </Form.Item>
        {unitOptions.length > 1 ? (
          <Form.Item name="orgId" label={t('fields.unit')}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noUnit'))}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('manage.allUnits')}
              options={unitOptions}
            />
          </Form.Item>
        ) : null}
      </ListFilter>
      <section className="phjr-panel phjr-pmanage-table">
        <div className="phjr-pmanage-toolbar">
          <Tabs
            activeKey={status}
            // Another state keeps the keyword and the unit: back to page 1.
            onChange={(k) => list.search({ ...list.formValues, status: k === ALL ? undefined : (k as ProductStatus) })}
            items={[ALL, ...PRODUCT_STATUSES].map((s) => ({
              key: s,
              label: s === ALL ? t('manage.allStatuses') : statusEnum.label(s),
            }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {kind === 'LOAN' ? t('manage.createLoan') : t('manage.createService')}
          </Button>
        </div>
        <ProductTable
          list={list}
          result={result}
          plain
          role="provider"
          kind={kind}
          showUnit={unitOptions.length > 1}
          emptyText={
            status === ALL && !list.query.keyword && !list.query.orgId
              ? t('manage.emptyProvider')
              : t('manage.emptyFiltered')
          }
          onDetail={setViewing}
          onEdit={(id) => setEditing({ id })}
          onReject={() => undefined}
        />
      </section>
      <ProductDetailDrawer
        id={viewing}
        role="provider"
        onClose={() => setViewing(null)}
        onEdit={(id) => {
          setViewing(null);
          setEditing({ id });
        }}
        onReject={() => undefined}
      />
      <ProductFormDrawer target={editing} kind={kind} role="provider" onClose={() => setEditing(null)} />
    </div>
  );
}
