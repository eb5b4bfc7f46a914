import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useDemandParams } from './use-demand-params.ts';

export interface DemandTab {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/** Tabs of one demand page (a bank's pool and own demands, say); the tab is in the address, each starts unfiltered. */
export function DemandTabs({ tabs, label }: { tabs: readonly DemandTab[]; label: string }) {
  const params = useDemandParams();
  const active = tabs.some((t) => t.key === params.tab) ? params.tab! : tabs[0].key;
  return (
    <Tabs
      className="phjr-demand-tabs"
      aria-label={label}
      activeKey={active}
      onChange={(key) => params.setTab(key)}
      destroyOnHidden
      items={tabs.map((t) => ({
        key: t.key,
        label: t.label,
        children: <div className="phjr-demand-tab-body">{t.content}</div>,
      }))}
    />
  );
}
