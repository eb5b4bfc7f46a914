import { Tag, Tooltip } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConsentState, CreditFieldGroup, CreditQueryOutcome } from '@phjr/contract/credit/credit';
import { StateTag } from '../../../components/StateTag.tsx';
import { CONSENT_STATE_TONE, OUTCOME_TONE } from './credit-model.ts';

/** A consent's state (live, expired, revoked) in the product's state colours. */
export function ConsentStateTag({ state }: { state: ConsentState }) {
  const { t } = useTranslation('credit');
  return <StateTag state={state} tone={CONSENT_STATE_TONE[state]} label={t(`consentState.${state}`)} />;
}

/** A query's outcome (shown, refused). */
export function OutcomeTag({ outcome }: { outcome: CreditQueryOutcome }) {
  const { t } = useTranslation('credit');
  return <StateTag state={outcome} tone={OUTCOME_TONE[outcome]} label={t(`outcome.${outcome}`)} />;
}

/** The soon-to-expire mark of a live consent, with the days left. */
export function ExpiringSoonTag({ daysLeft }: { daysLeft: number | null }) {
  const { t } = useTranslation('credit');
  return (
    <Tooltip title={t('consent.expiringSoonHint')}>
      <Tag color="orange" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
        {daysLeft === null ? t('consent.expiringSoon') : t('consent.daysLeft', { n: daysLeft })}
      </Tag>
    </Tooltip>
  );
}

/** The field groups a query showed, in words ("-" when none: a refusal shows nothing). */
export function FieldGroupsText({ groups }: { groups: readonly CreditFieldGroup[] }) {
  const { t } = useTranslation('credit');
  if (groups.length === 0) return <>-</>;
  return <>{groups.map((g) => t(`fieldGroup.${g}`)).join(t('fieldGroupSeparator'))}</>;
}
