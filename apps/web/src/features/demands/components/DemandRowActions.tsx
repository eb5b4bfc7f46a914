import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DemandSummary } from '@phjr/contract/demands/demand';
import { DANGER_ACTIONS, type UiAction } from './demand-model.ts';

/**
 * The buttons of one list row: the detail, then exactly the actions the server allows this viewer on this row
 * (`actions`, from the rule that also checks each request). Nothing here reads the state: a button the server would
 * refuse is never shown, and one it allows is never hidden.
 */
export function DemandRowActions({
  demand: d,
  onDetail,
  onAct,
}: {
  demand: DemandSummary;
  onDetail(): void;
  onAct(action: UiAction): void;
}) {
  const { t } = useTranslation('demands');
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onDetail}>
        {t('actions.detail')}
      </Button>
      {d.actions.map((a) => (
        <Button key={a} type="link" size="small" danger={DANGER_ACTIONS.includes(a)} onClick={() => onAct(a)}>
          {t(`actions.${a}`)}
        </Button>
      ))}
    </Space>
  );
}
