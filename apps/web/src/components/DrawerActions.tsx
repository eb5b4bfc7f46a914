import type { ReactNode } from 'react';
import './drawer-actions.css';

/** The action buttons of a form in a drawer, in a bar that stays at the drawer's bottom edge. */
export function DrawerActions({ children }: { children: ReactNode }) {
  return <div className="phjr-drawer-actions">{children}</div>;
}
