import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TONE_COLOR, isKnownState, stateTone, type StateTone } from './state-tone.ts';

export interface StateTagProps {
  /** A state code such as PENDING, GRANTED, LISTED, IN_SHELTER. */
  state: string;
  /** Text to show instead of the translated state name (e.g. the server's own label). */
  label?: string;
  /** Force a tone for a code the table does not know. */
  tone?: StateTone;
}

/** The one tag for every state of the product, in the colours of UI.md. */
export function StateTag({ state, label, tone }: StateTagProps) {
  const { t } = useTranslation('layout');
  const code = state.toUpperCase();
  const text = label ?? (isKnownState(code) ? t(`state.${code}`) : state);
  return (
    <Tag color={TONE_COLOR[tone ?? stateTone(code)]} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}

export default StateTag;
