import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from '../../../lib/search-params.ts';
import { tabOf } from './credit-model.ts';
import './credit.css';

export interface CreditTab<K extends string> {
  key: K;
  label: ReactNode;
  content: ReactNode;
}

/**
 * The tabs of a credit page, the chosen one in the address (`?tab=`, the first tab without it). Each tab's list owns
 * the address while shown: another tab starts without its filters and page (`go` may carry what the next tab needs).
 */
export function useCreditTab<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(keys, params.get('tab'));
  const go = (key: K, extra: Record<string, string> = {}) =>
    setParams(key === keys[0] ? extra : { tab: key, ...extra }, { replace: true });
  return { tab, go, params };
}

export function CreditTabs<K extends string>({
  tabs,
  active,
  onChange,
  extra,
}: {
  tabs: CreditTab<K>[];
  active: K;
  onChange(key: K): void;
  extra?: ReactNode;
}) {
  // The extra actions stand above the tabs, not in antd's tab bar: that bar is the tab list, which may hold only tabs
  // (WCAG 4.1.2, axe aria-required-children).
  return (
    <section className="phjr-panel">
      {extra ? <div className="phjr-credit-tabs-extra">{extra}</div> : null}
      <Tabs
        activeKey={active}
        onChange={(k) => onChange(k as K)}
        destroyOnHidden
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.content }))}
      />
    </section>
  );
}
