import { App, Button, Form, InputNumber, Popconfirm, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules, type RequestSchema } from '../../../../lib/form-rules.ts';

/** A row's active switch: saving the row with the flag turned. */
export function ActiveSwitch({
  checked,
  name,
  loading,
  onChange,
}: {
  checked: boolean;
  name: string;
  loading: boolean;
  onChange(on: boolean): void;
}) {
  const { t } = useTranslation('content');
  return <Switch checked={checked} aria-label={t('fields.activeOf', { name })} loading={loading} onChange={onChange} />;
}

/** A row's edit and delete actions; delete asks first and says when it is done. */
export function EditRemoveActions({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit(): void;
  onRemove(): Promise<unknown>;
}) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={onEdit}>
        {t('actions.edit')}
      </Button>
      <Popconfirm
        title={t('confirmRemove', { title: name })}
        okButtonProps={{ danger: true }}
        onConfirm={async () => {
          await onRemove();
          void message.success(t('msg.removed'));
        }}
      >
        <Button type="link" size="small" danger>
          {t('actions.remove')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The order and active fields of the picture and achievement forms (`sort`, `active` of their `request`). */
export function SortActiveFields({ request }: { request: RequestSchema }) {
  const { t } = useTranslation('content');
  const rules = useFormRules(request);
  return (
    <Space size={32} align="start">
      <Form.Item name="sort" label={t('fields.sort')} rules={rules('sort', t('fields.sort'))} extra={t('sortHint')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Space>
  );
}
