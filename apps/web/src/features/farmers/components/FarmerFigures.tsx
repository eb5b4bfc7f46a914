import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { usePortalFarmerFigures } from '../api/farmers.ts';

const FARMERS_PATH = '/countryside-develop/farmer-base-info';

/**
 * The farmer figures on the rural hub (/countryside-develop): records collected, those with credit granted and the
 * amount granted, over the whole city (farmerOps.portalFigures: aggregates only), each leading to the farmer page.
 * The row keeps its height while loading (a dash per figure), like the figures above it.
 */
export function FarmerFigures() {
  const { t } = useTranslation('portal');
  const q = usePortalFarmerFigures();
  const f = q.data?.total;
  const items = [
    { key: 'collected', value: f && formatCount(f.collected), unit: t('rural.units.households') },
    { key: 'granted', value: f && formatCount(f.granted), unit: t('rural.units.households') },
    { key: 'grantedAmount', value: f && formatAmount(f.grantedAmount), unit: t('rural.units.wan') },
  ];
  return (
    <ul className="phjr-rural-figures phjr-rural-farmer-figures" aria-label={t('rural.farmerRecords')}>
      {items.map((i) => (
        <li key={i.key}>
          <Link to={FARMERS_PATH} className="phjr-rural-figure">
            <span className="phjr-rural-figure-value">
              {i.value ?? '—'}
              <small>{i.unit}</small>
            </span>
            <span className="phjr-rural-figure-label">{t(`rural.figures.farmers.${i.key}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
