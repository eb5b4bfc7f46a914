import type { ReactNode } from 'react';
import { Avatar, Card, Col, Descriptions, Row, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { ClientArea } from '@phjr/contract/orgs/resources';
import { CLIENT_AREA_META, menuFor, type RouteDef } from '../app/route-defs.ts';
import { RouteIcon } from '../app/route-icons.tsx';
import { useCurrentUser } from '../lib/session-hooks.ts';
import { PageEmpty } from './PageEmpty.tsx';
import { RoutePage } from './RoutePage.tsx';
import './role-home.css';

/** The role code to name: the organisation's classification, the operator root, else the account kind. */
export function roleCode(user: Pick<UserInfo, 'accountType' | 'orgTypeEnum' | 'classifiedOrgTypeEnum'>): string {
  if (user.orgTypeEnum?.code === 'ROOT') return 'PLATFORM';
  return user.classifiedOrgTypeEnum?.code ?? user.accountType.code;
}

/** An institution's name; an enterprise account is its own organisation; a person has none. */
function organisationOf(user: UserInfo, none: string): string {
  if (user.orgName) return user.orgName;
  return user.accountType.code === 'ENTERPRISE' ? user.name : none;
}

function shortcuts(area: ClientArea, resourceList: readonly string[]): RouteDef[] {
  const home = CLIENT_AREA_META[area].home;
  return menuFor(area, resourceList)
    .flatMap((n) => (n.kind === 'item' ? [n.def] : n.children))
    .filter((d) => d.path !== home && d.page)
    .slice(0, 8);
}

export interface RoleHomeProps {
  area: ClientArea;
  /** Figures under the identity card (the workbench's counts by state). */
  summary?: ReactNode;
  /** What waits for this user, deadlines soonest first; the empty state when absent. */
  worklist?: ReactNode;
  /** More sections below (the latest records). */
  children?: ReactNode;
}

/**
 * A client's home (UI.md: role homes are work lists): who is signed in (name, organisation, role), a few figures,
 * what waits for this user, shortcuts to the pages this user holds, and more below.
 */
export function RoleHome({ area, summary, worklist, children }: RoleHomeProps) {
  const user = useCurrentUser();
  const { t } = useTranslation(['layout', 'routes']);
  if (!user) return null;
  const links = shortcuts(area, user.resourceList);
  return (
    <RoutePage kind="overview">
      <Card variant="borderless" className="phjr-role-welcome">
        <div className="phjr-role-welcome-inner">
          <Avatar size={64} icon={<UserOutlined />} style={{ background: '#1456d9', flex: 'none' }} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('home.welcome', { name: user.name || user.username })}
            </Typography.Title>
            <Descriptions
              size="small"
              // One item a line on a phone, where three side by side wrapped the values a character a line.
              column={{ xs: 1, sm: 2, md: 3 }}
              style={{ marginTop: 12 }}
              items={[
                { key: 'org', label: t('home.organisation'), children: organisationOf(user, t('home.noOrganisation')) },
                { key: 'role', label: t('home.role'), children: t(`roles.${roleCode(user)}`) },
                { key: 'account', label: t('home.account'), children: user.username },
              ]}
            />
          </div>
        </div>
      </Card>
      {summary}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={t('home.worklist')} className="phjr-page-card" style={{ height: '100%' }}>
            {worklist ?? <PageEmpty kind="overview" hint={t('home.worklistEmpty')} />}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={t('home.shortcuts')} className="phjr-page-card" style={{ height: '100%' }}>
            {links.length ? (
              <ul className="phjr-role-shortcuts">
                {links.map((d) => (
                  <li key={d.path}>
                    <Link to={d.path!}>
                      <span className="phjr-role-shortcut-icon">
                        <RouteIcon name={d.icon} />
                      </span>
                      <span>{t(`routes:${d.titleKey}`)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <PageEmpty kind="overview" hint={t('home.noShortcuts')} />
            )}
          </Card>
        </Col>
      </Row>
      {children}
    </RoutePage>
  );
}
