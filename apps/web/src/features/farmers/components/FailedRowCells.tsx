import { useTranslation } from 'react-i18next';
import { FARMER_IMPORT_COLUMNS } from '@phjr/contract/farmers/farmer';
import { RowCells as SharedRowCells } from '../../../components/import/FailedRowParts.tsx';
import { columnKey } from './farmer-model.ts';
import './farmers.css';

/** A template column's short name in the active language (the server names columns by key); unknown names pass through. */
export function useColumnLabel(): (column: string | null) => string | null {
  const { t } = useTranslation('farmers');
  return (column) => {
    const key = columnKey(column);
    return key ? t(`columns.${key}`) : column;
  };
}

/** A failed row's cells as read (ID number and phone masked by the server), each labelled, in the template's order. */
export function RowCells({ values }: { values: Record<string, string> }) {
  const label = useColumnLabel();
  const order = (k: string) => {
    const i = FARMER_IMPORT_COLUMNS.findIndex((c) => c.key === k);
    return i === -1 ? 99 : i;
  };
  return <SharedRowCells values={values} label={label} className="phjr-farmer-cells" order={order} />;
}
