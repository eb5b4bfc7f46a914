import { useState } from 'react';
import { Button, Form, Input, Select, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_STATUSES, type ProductKind, type ProductStatus } from '@phjr/contract/products/product';
import { FilterBar } from '../../../../components/FilterBar.tsx';
import { useEnum } from '../../../../lib/enums.ts';
import { useManageProducts, useProviderUnits } from '../../api/manage-products.ts';
import { ProductDetailDrawer } from './ProductDetailDrawer.tsx';
import { ProductFormDrawer, type ProductFormTarget } from './ProductFormDrawer.tsx';
import { MANAGE_PAGE_SIZE, ProductTable } from './ProductTable.tsx';
import './product-manage.css';

interface Filter {
  keyword?: string;
  orgId?: number;
}

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
  const [form] = Form.useForm<Filter>();
  const [status, setStatus] = useState<ProductStatus | typeof ALL>(ALL);
  const [filter, setFilter] = useState<Filter>({});
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<ProductFormTarget | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const result = useManageProducts({ kind, status: status === ALL ? undefined : status, ...filter, current, pageSize: MANAGE_PAGE_SIZE });
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.id, label: u.name }));

  return (
    <div className="phjr-pmanage">
      <FilterBar<Filter>
        name="product-filter"
        form={form}
        onSearch={(v) => {
          setFilter({ keyword: v.keyword?.trim() || undefined, orgId: v.orgId });
          setCurrent(1);
        }}
      >
        <Form.Item name="keyword" label={t('manage.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('manage.keywordPlaceholder')} />
        </Form.Item>
        {unitOptions.length > 1 ? (
          <Form.Item name="orgId" label={t('fields.unit')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 300 }} placeholder={t('manage.allUnits')} options={unitOptions} />
          </Form.Item>
        ) : null}
      </FilterBar>
      <section className="phjr-panel phjr-pmanage-table">
        <div className="phjr-pmanage-toolbar">
          <Tabs
            activeKey={status}
            onChange={(k) => {
              setStatus(k as ProductStatus | typeof ALL);
              setCurrent(1);
            }}
            items={[ALL, ...PRODUCT_STATUSES].map((s) => ({ key: s, label: s === ALL ? t('manage.allStatuses') : statusEnum.label(s) }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {kind === 'LOAN' ? t('manage.createLoan') : t('manage.createService')}
          </Button>
        </div>
        <ProductTable
          result={result}
          current={current}
          onPage={setCurrent}
          role="provider"
          kind={kind}
          showUnit={unitOptions.length > 1}
          emptyText={status === ALL && !filter.keyword && !filter.orgId ? t('manage.emptyProvider') : t('manage.emptyFiltered')}
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
