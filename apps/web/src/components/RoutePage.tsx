import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSearchParams } from '../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { isClientArea, type RouteDef } from '../app/route-defs.ts';
import { useRouteDef } from '../app/route-handle.ts';
import { PageEmpty, type PageKind } from './PageEmpty.tsx';
import './route-page.css';

export type { PageKind } from './PageEmpty.tsx';

/** The `routes` key of a page's description: its title key under `desc.` instead of `title.`. */
export function descKey(def: RouteDef): string {
  return `routes:${def.titleKey.replace(/^title\./, 'desc.')}`;
}

export interface RoutePageProps {
  kind?: PageKind;
  /** Replaces the default body (a panel with the empty state). */
  children?: ReactNode;
  /** Buttons at the right of the title. */
  extra?: ReactNode;
}

/**
 * The frame of a page: its translated title and description from the route table, then its body. In the portal
 * and the district site it is a titled band with a breadcrumb; in the clients a title block under the shell's
 * breadcrumbs. Plain markup on purpose: it is part of every page's first paint.
 */
export function RoutePage({ kind = 'list', children, extra }: RoutePageProps) {
  const def = useRouteDef();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!def) return null;
  const title = t(`routes:${def.titleKey}`);
  const description = t(descKey(def));
  const body = children ?? (
    <section className="phjr-panel" aria-label={title}>
      <PageEmpty kind={kind} />
    </section>
  );
  if (isClientArea(def.area)) {
    return (
      <div className="phjr-client-page">
        <header className="phjr-client-page-head">
          <div>
            <h1>{title}</h1>
            <p>{description}</p>
          </div>
          {extra ? <div className="phjr-client-page-extra">{extra}</div> : null}
        </header>
        {body}
      </div>
    );
  }
  const city = params.get('city');
  const home =
    def.area === 'subsite' || (def.districtScoped && city)
      ? `/subsite/home?city=${encodeURIComponent(city ?? '')}`
      : '/home';
  return (
    <div className="phjr-site-page">
      <header className="phjr-site-page-head">
        <nav aria-label={t('layout:page.breadcrumb')} className="phjr-site-crumbs">
          <Link to={home}>{t('layout:nav.home')}</Link>
          <span aria-hidden>/</span>
          <span aria-current="page">{title}</span>
        </nav>
        <div className="phjr-site-page-title">
          <h1>{title}</h1>
          {extra}
        </div>
        <p>{description}</p>
      </header>
      {body}
    </div>
  );
}

export default RoutePage;
