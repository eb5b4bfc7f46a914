/**
 * The main navigation of the portal (UI.md) and of the district site. `match` lists the path prefixes that belong
 * to an item, so detail pages highlight their section.
 */
export interface NavItem {
  key: string;
  to: string;
  match: readonly string[];
}

export const PORTAL_NAV: readonly NavItem[] = [
  { key: 'home', to: '/home', match: ['/home'] },
  { key: 'supermarket', to: '/supermarket', match: ['/supermarket', '/product/'] },
  { key: 'financing', to: '/financing', match: ['/financing'] },
  { key: 'chain', to: '/chain', match: ['/chain', '/chainChildren', '/news-list-chain', '/news-detail-chain'] },
  { key: 'creditSearch', to: '/creditSearch', match: ['/creditSearch', '/credit'] },
  { key: 'countryside', to: '/countryside-develop', match: ['/countryside-develop'] },
  { key: 'stowdown', to: '/stowdown', match: ['/stowdown'] },
  { key: 'guarantee', to: '/guarantee', match: ['/guarantee'] },
  { key: 'news', to: '/news', match: ['/news', '/list-announcement', '/tech', '/guide', '/intro', '/pact'] },
  { key: 'achievements', to: '/to-achievement-display', match: ['/to-achievement-display'] },
];

export const SUBSITE_NAV: readonly NavItem[] = [
  { key: 'subsiteHome', to: '/subsite/home', match: ['/subsite/home'] },
  { key: 'supermarket', to: '/supermarket', match: ['/supermarket', '/subsite/product/'] },
  { key: 'credit', to: '/credit', match: ['/credit'] },
  { key: 'cityNews', to: '/subsite/cityNews', match: ['/subsite/cityNews', '/subsite/newsDetail'] },
];

function matches(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The key of the navigation item the current path belongs to, if any. */
export function activeNavKey(items: readonly NavItem[], pathname: string): string | null {
  return items.find((i) => i.match.some((m) => matches(pathname, m)))?.key ?? null;
}

/** A district-site link: the same path with the district carried in `city` (PRODUCT.md section 2). */
export function withCity(path: string, city: string | null | undefined): string {
  if (!city) return path;
  const [base, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set('city', city);
  return `${base}?${params.toString()}`;
}
