import { Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FigureDefinition } from '@phjr/contract/stats/reports';
import { useTitleTabIndex } from '../../../components/table-title.ts';
import { useFigureDefinitions } from '../api/reports.ts';
import { FIGURE_UNITS } from './report-model.ts';

/** The definition's text in the active language: Chinese in zh-CN, the doc's English text otherwise. */
export function definitionText(def: FigureDefinition | undefined, language: string): string | null {
  if (!def) return null;
  return language.startsWith('zh') ? def.textZh || def.text : def.text || def.textZh;
}

/**
 * A column header with its definition (口径) one hover (or one keyboard focus) away. The text is the one served by
 * definitions.json, read from docs/statistics.md: the web holds no copy, so a header whose figure the doc does not
 * define shows no icon rather than a made-up text.
 */
export function FigureHeader({ label, figure }: { label: string; figure: string }) {
  const { t, i18n } = useTranslation('stats');
  const defs = useFigureDefinitions();
  const tabIndex = useTitleTabIndex();
  const text = definitionText(defs.data?.get(figure), i18n.language);
  const unit = FIGURE_UNITS[figure];
  const name = unit ? (
    <span>
      {label}
      <small className="phjr-report-unit">{t(`units.${unit}`)}</small>
    </span>
  ) : (
    label
  );
  if (!text) return <span className="phjr-report-head">{name}</span>;
  return (
    <span className="phjr-report-head">
      {name}
      <Tooltip title={text} trigger={['hover', 'focus']} styles={{ root: { maxWidth: 360 } }}>
        <QuestionCircleOutlined
          className="phjr-report-def"
          tabIndex={tabIndex}
          role="img"
          aria-label={t('report.definitionOf', { name: label })}
          data-figure={figure}
        />
      </Tooltip>
    </span>
  );
}
