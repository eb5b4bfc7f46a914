import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import './page-empty.css';

/** What a page will hold; it picks the sentence of the empty state. */
export type PageKind = 'list' | 'detail' | 'form' | 'report' | 'overview' | 'article';

/** The empty state every page shows until it has records: antd Empty with a sentence that says what to do. */
export function PageEmpty({ kind = 'list', hint }: { kind?: PageKind; hint?: ReactNode }) {
  const { t } = useTranslation('layout');
  return (
    <Empty
      className="phjr-page-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <span className="phjr-page-empty-title">{t('page.empty')}</span>
          <span className="phjr-page-empty-hint">{hint ?? t(`page.emptyHint.${kind}`)}</span>
        </>
      }
    />
  );
}
