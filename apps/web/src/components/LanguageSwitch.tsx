import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, currentLocale, setLocale } from '../lib/i18n.ts';
import { MenuButton } from './MenuButton.tsx';

/** Language menu of the portal top bar, the client header and the standalone pages; remembered (SPEC 9). */
export function LanguageSwitch({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t, i18n } = useTranslation();
  const active = currentLocale();
  return (
    <MenuButton
      align={align}
      ariaLabel={`${t('common:language.label')}: ${t(`common:language.${active}`)}`}
      label={
        <>
          <GlobalOutlined aria-hidden /> <span lang={i18n.language}>{t(`common:language.${active}`)}</span>
        </>
      }
      items={LOCALES.map((l) => ({
        key: l,
        current: l === active,
        label: <span lang={l}>{t(`common:language.${l}`)}</span>,
        onSelect: () => void setLocale(l),
      }))}
    />
  );
}
