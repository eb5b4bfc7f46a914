import { Result } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageEmpty } from './PageEmpty.tsx';
import { districtsOf, regionLabel, useRegions } from './use-regions.ts';
import { withCity } from '../layouts/site-nav.ts';
import './district-chooser.css';

/** A district code as the `city` query carries it (six digits). */
export function isRegionCode(code: string | null): code is string {
  return code !== null && /^\d{6}$/.test(code);
}

/**
 * The list of district sites, for a district page opened without a district (or with an unknown one): each
 * link opens the same page for that district.
 */
export function DistrictChooser({ unknown, to }: { unknown: boolean; to: string }) {
  const { t, i18n } = useTranslation(['portal', 'layout']);
  const { data: regions, isPending } = useRegions();
  const districts = districtsOf(regions);
  return (
    <section className="phjr-panel">
      {unknown ? (
        <Result
          status="warning"
          title={t('subsite.unknownTitle')}
          subTitle={t('subsite.unknownHint')}
          style={{ paddingBottom: 8 }}
        />
      ) : (
        <h2 className="phjr-panel-title">{t('layout:subsite.chooseDistrict')}</h2>
      )}
      {districts.length ? (
        <ul className="phjr-district-list">
          {districts.map((d) => (
            <li key={d.code}>
              <Link to={withCity(to, d.code)}>
                <EnvironmentOutlined aria-hidden /> {regionLabel(d, i18n.language)}
              </Link>
            </li>
          ))}
        </ul>
      ) : isPending ? null : (
        <PageEmpty kind="overview" hint={t('layout:subsite.noDistricts')} />
      )}
    </section>
  );
}
