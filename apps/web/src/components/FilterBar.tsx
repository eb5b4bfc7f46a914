import { useState, type ReactNode } from 'react';
import { Button, Form, Space, type FormInstance } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface FilterBarProps<V> {
  form: FormInstance<V>;
  onSearch(values: V): void;
  /** Always shown. */
  children: ReactNode;
  /** Shown when the filter form is expanded. */
  more?: ReactNode;
  /** The form's name (its fields' ids): set it when a page holds more than one filter form. */
  name?: string;
}

/** The collapsible filter form of a list page (UI.md): search and reset; more fields on demand. */
export function FilterBar<V extends object>({ form, onSearch, children, more, name = 'filter' }: FilterBarProps<V>) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <Form form={form} name={name} layout="inline" className="phjr-panel" style={{ padding: 16, rowGap: 12 }} onFinish={onSearch}>
      {children}
      {open ? more : null}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch(form.getFieldsValue());
            }}
          >
            {t('actions.reset')}
          </Button>
          {more ? (
            <Button type="link" onClick={() => setOpen(!open)} icon={open ? <UpOutlined /> : <DownOutlined />}>
              {open ? t('actions.collapseFilter') : t('actions.expandFilter')}
            </Button>
          ) : null}
        </Space>
      </Form.Item>
    </Form>
  );
}
