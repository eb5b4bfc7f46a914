import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { FileSearchOutlined, RightOutlined, ShopOutlined } from '@ant-design/icons';
import type { LoanType } from '@phjr/contract/products/product';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { BankBadge } from '../../../components/BankBadge.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { withCity } from '../../../layouts/site-nav.ts';
import { useEnum } from '../../../lib/enums.ts';
import { DistrictChooser, isRegionCode } from '../../../components/DistrictChooser.tsx';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { formatCount } from '../../../lib/format.ts';
import { usePortalProductCounts } from '../api/product-counts.ts';
import { useProductBanks, type ProductBank } from '../api/portal-reads.ts';
import { bankDisplayName } from '../../../components/product-format.ts';
import './credit-page.css';

const LOAN_TYPES: readonly LoanType[] = ['CREDIT', 'MORTGAGE', 'PLEDGE', 'GUARANTEE'];

interface BankCount {
  bank: ProductBank;
  products: number;
}

/**
 * The banks with LISTED loans for the area: city-wide straight from banks.json; for a district, each of those
 * banks' loans serving it (a product serving the whole city serves every district).
 */
function useBanksServing(regionCode: string | undefined): { data: BankCount[] | undefined; isError: boolean } {
  const banks = useProductBanks();
  const counts = usePortalProductCounts(
    regionCode ? (banks.data ?? []).map((b) => ({ sourceValue: 'supermarket', bankId: b.id, regionCode })) : [],
  );
  if (!banks.data) return { data: undefined, isError: banks.isError };
  if (!regionCode) return { data: banks.data.map((bank) => ({ bank, products: bank.products })), isError: false };
  if (counts.some((c) => c.isPending)) return { data: undefined, isError: counts.some((c) => c.isError) };
  return {
    data: banks.data.map((bank, i) => ({ bank, products: counts[i]?.data?.total ?? 0 })).filter((b) => b.products > 0),
    isError: counts.some((c) => c.isError),
  };
}

function Figure({ label, value, to, hint }: { label: string; value: number | undefined; to: string; hint?: string }) {
  return (
    <li>
      {/* Named by what it shows: the label, the count and the hint (WCAG 2.5.3). */}
      <Link to={to} className="phjr-credit-figure">
        <span className="phjr-credit-figure-label">{label}</span>
        {value === undefined ? (
          <Skeleton.Input active size="small" style={{ width: 60, minWidth: 0 }} />
        ) : (
          <strong>{formatCount(value)}</strong>
        )}
        {hint ? <span className="phjr-credit-figure-hint">{hint}</span> : null}
      </Link>
    </li>
  );
}

function Overview({ city, name }: { city?: string; name: string }) {
  const { t } = useTranslation('products');
  const loanType = useEnum('LoanType');
  const [all, ...byType] = usePortalProductCounts([
    { sourceValue: 'supermarket', regionCode: city },
    ...LOAN_TYPES.map((l) => ({ sourceValue: 'supermarket' as const, regionCode: city, loanType: l })),
  ]);
  const banks = useBanksServing(city);
  const market = (query = '') => withCity(`/supermarket${query}`, city);
  let bankWall: ReactNode;
  if (!banks.data)
    bankWall = banks.isError ? (
      <p className="phjr-credit-muted">{t('credit.banksFailed')}</p>
    ) : (
      <Skeleton active paragraph={{ rows: 2 }} title={false} />
    );
  else if (!banks.data.length) bankWall = <p className="phjr-credit-muted">{t('credit.banksEmpty')}</p>;
  else {
    bankWall = (
      <ul className="phjr-credit-banks">
        {banks.data.map(({ bank, products }) => (
          <li key={bank.id}>
            <Link to={market(`?bankId=${bank.id}`)} title={bank.name}>
              <BankBadge name={bank.name} size={44} />
              <span className="phjr-credit-bank-name">{bankDisplayName(bank.name)}</span>
              <span className="phjr-credit-bank-count">{t('credit.bankProducts', { n: products })}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <section className="phjr-panel" aria-labelledby="phjr-credit-products">
        <h2 id="phjr-credit-products" className="phjr-credit-h">
          {t('credit.productsTitle', { name })}
        </h2>
        <p className="phjr-credit-muted">{t('credit.productsDefinition')}</p>
        <ul className="phjr-credit-figures">
          <Figure
            label={t('credit.allProducts')}
            value={all?.data?.total}
            to={market()}
            hint={t('credit.toSupermarket')}
          />
          {LOAN_TYPES.map((l, i) => (
            <Figure key={l} label={loanType.label(l)} value={byType[i]?.data?.total} to={market(`?loanType=${l}`)} />
          ))}
        </ul>
      </section>
      <section className="phjr-panel" aria-labelledby="phjr-credit-banks">
        <h2 id="phjr-credit-banks" className="phjr-credit-h">
          {t('credit.banksTitle', { name })}
          {banks.data ? (
            <span className="phjr-credit-h-count">{t('credit.banksCount', { n: banks.data.length })}</span>
          ) : null}
        </h2>
        {bankWall}
      </section>
      <div className="phjr-credit-entries">
        <Link to="/creditSearch" className="phjr-panel phjr-credit-entry">
          <FileSearchOutlined aria-hidden />
          <span className="phjr-credit-entry-text">
            <strong>{t('credit.searchTitle')}</strong>
            <span>{t('credit.searchText')}</span>
          </span>
          <RightOutlined aria-hidden />
        </Link>
        <Link to={market()} className="phjr-panel phjr-credit-entry">
          <ShopOutlined aria-hidden />
          <span className="phjr-credit-entry-text">
            <strong>{t('credit.matchTitle')}</strong>
            <span>{t('credit.matchText')}</span>
          </span>
          <RightOutlined aria-hidden />
        </Link>
      </div>
    </>
  );
}

/**
 * /credit (and /credit?city=<district>): the financing on offer for the city or one district, from the LISTED
 * products: how many loans serve it, by loan type, and which banks offer them; and the way to the credit query.
 */
export default function CreditPage() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const city = params.get('city');
  const regions = useRegions();
  const cityRegion = regions.data?.find((r) => r.parentCode === null);
  const districtName = regionName(regions.data, city);
  if (city !== null && (!isRegionCode(city) || (regions.data && !districtName))) {
    return (
      <RoutePage kind="overview">
        <DistrictChooser unknown to="/credit" />
      </RoutePage>
    );
  }
  if (city) {
    return (
      <RoutePage kind="overview">
        <SectionLayout section="subsite" active="credit" city={city} districtName={districtName}>
          <Overview city={city} name={districtName ?? city} />
        </SectionLayout>
      </RoutePage>
    );
  }
  return (
    <RoutePage kind="overview">
      <Overview name={cityRegion?.name ?? t('credit.cityFallback')} />
    </RoutePage>
  );
}
