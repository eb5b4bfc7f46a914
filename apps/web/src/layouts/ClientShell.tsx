import { useEffect, useMemo, useRef, useState } from 'react';
import {
  App as AntdApp,
  Avatar,
  Breadcrumb,
  Button,
  Drawer,
  Dropdown,
  Layout,
  Menu,
  Spin,
  Tooltip,
  type MenuProps,
} from 'antd';
import {
  DownOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Navigate, useLoaderData, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CHANGE_PATH } from '@phjr/contract/auth/center-path';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { ClientArea } from '@phjr/contract/orgs/resources';
import { authUrlMapKeyFor, clientAccess } from '../app/access.ts';
import {
  CLIENT_AREA_META,
  CLIENT_CROSS_LINKS,
  GROUP_ICONS,
  breadcrumbsFor,
  isClientArea,
  menuFor,
  menuKeyFor,
} from '../app/route-defs.ts';
import { useRouteDef } from '../app/route-handle.ts';
import { BRAND } from '../app/theme.ts';
import { RouteIcon } from '../app/route-icons.tsx';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from '../lib/antd-ui.ts';
import { PHONE_QUERY, useMediaQuery } from '../lib/media-query.ts';
import { ElderModeSwitch } from '../components/ElderModeSwitch.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { MessageBell } from '../features/notify/components/MessageBell.tsx';
import { LogoMark } from '../components/LogoMark.tsx';
import { RouteOutlet } from '../components/RouteOutlet.tsx';
import { logout, redirectToLogin } from '../lib/session.ts';
import { useCurrentUser } from '../lib/session-hooks.ts';
import './client-shell.css';

const { Sider, Header, Content } = Layout;

function useMenuItems(area: ClientArea, resourceList: readonly string[]): MenuProps['items'] {
  const { t } = useTranslation('routes');
  return useMemo(() => {
    const items: NonNullable<MenuProps['items']> = menuFor(area, resourceList).map((node) =>
      node.kind === 'item'
        ? {
            key: node.def.path!,
            icon: <RouteIcon name={node.def.icon} />,
            label: <Link to={node.def.path!}>{t(node.def.titleKey)}</Link>,
          }
        : {
            key: `group:${node.group}`,
            icon: <RouteIcon name={GROUP_ICONS[node.group]} />,
            label: t(node.titleKey),
            children: node.children.map((d) => ({
              key: d.path!,
              label: <Link to={d.path!}>{t(d.titleKey)}</Link>,
            })),
          },
    );
    // SPEC 2: the bank's and the supervisor's menus link to their chain client when the chain flag granted it.
    const cross = CLIENT_CROSS_LINKS[area];
    if (cross && resourceList.includes(cross.resource)) {
      items.push({ type: 'divider' });
      items.push({
        key: cross.to,
        icon: <RouteIcon name="DeploymentUnitOutlined" />,
        label: <Link to={cross.to}>{t(cross.titleKey)}</Link>,
      });
    }
    return items;
  }, [area, resourceList, t]);
}

function ShellHeader({
  area,
  user,
  collapsed,
  onToggle,
}: {
  area: ClientArea;
  user: UserInfo;
  collapsed: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation(['layout', 'routes']);
  const account = CLIENT_AREA_META[area].account;
  const areaTitle = t(`routes:${CLIENT_AREA_META[area].titleKey}`);
  const userMenu: MenuProps['items'] = [
    ...(account && user.resourceList.includes(account)
      ? [{ key: 'account', icon: <UserOutlined />, label: <Link to={account}>{t('client.myAccount')}</Link> }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('client.logout'), onClick: () => void logout() },
  ];
  return (
    <Header className="phjr-shell-header">
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={t(collapsed ? 'client.expandMenu' : 'client.collapseMenu')}
      />
      <div className="phjr-shell-org">
        <span className="phjr-shell-org-name">{user.orgName ?? areaTitle}</span>
        {user.orgName ? <span className="phjr-shell-area">{areaTitle}</span> : null}
      </div>
      <span className="phjr-shell-spacer" />
      <Tooltip title={t('client.portal')}>
        <Link to="/home" className="phjr-shell-action" aria-label={t('client.portal')}>
          <HomeOutlined />
        </Link>
      </Tooltip>
      <MessageBell />
      <ElderModeSwitch />
      <LanguageSwitch />
      <Dropdown menu={{ items: userMenu }} trigger={['click']} placement="bottomRight">
        {/* The name is the visible label, so the accessible name starts with it (WCAG 2.5.3). */}
        <button
          type="button"
          className="phjr-shell-user"
          aria-label={`${user.name || user.username} (${t('client.userMenu')})`}
        >
          <Avatar size={28} icon={<UserOutlined />} style={{ background: '#1456d9' }} />
          <span className="phjr-shell-user-name">{user.name || user.username}</span>
          <DownOutlined style={{ fontSize: 10 }} aria-hidden />
        </button>
      </Dropdown>
    </Header>
  );
}

function RedirectingToLogin({ area, start }: { area: ClientArea; start: boolean }) {
  const { t } = useTranslation('layout');
  const started = useRef(false);
  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    void redirectToLogin(authUrlMapKeyFor(area));
  }, [area, start]);
  return (
    <div className="phjr-shell-redirecting" role="status">
      <Spin size="large" />
      <span>{t('client.redirectingToLogin')}</span>
    </div>
  );
}

/**
 * ONE shell for all seven clients, driven by the route table: side menu (entries of the area that are visible and
 * in the user's resourceList, with their icons), header (organisation, account, messages, language, user menu),
 * breadcrumbs, and the guard: no session → SSO login; a route whose resource the user lacks → /403.
 */
export default function ClientShell() {
  const def = useRouteDef();
  const loaderUser = useLoaderData() as UserInfo | null | undefined;
  const user = useCurrentUser();
  const { t } = useTranslation(['layout', 'routes']);
  const [collapsed, setCollapsed] = useState(false);
  // On a phone the side menu is a drawer, chosen at the first drawing (no side menu drawn and then taken away). The
  // drawer is open on the page it was opened on: any navigation, from the menu or the brand or a link, closes it.
  const phone = useMediaQuery(PHONE_QUERY);
  const { pathname } = useLocation();
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const area = def && isClientArea(def.area) ? def.area : 'userClient';
  const menuItems = useMenuItems(area, user?.resourceList ?? []);
  const crumbs = def?.path ? breadcrumbsFor(def.path) : [];
  const selected = def?.path ? menuKeyFor(def.path) : '';
  const openGroup = def?.group ? [`group:${def.group}`] : [];
  const [openKeys, setOpenKeys] = useState<string[]>(openGroup);
  useEffect(() => {
    if (def?.group)
      setOpenKeys((keys) => (keys.includes(`group:${def.group}`) ? keys : [...keys, `group:${def.group}`]));
  }, [def?.group]);

  // The loader started the login redirect already when it returned null; a session lost later starts it here.
  if (loaderUser === null) return <RedirectingToLogin area={area} start={false} />;
  const access = clientAccess(area, def, user);
  if (access.kind === 'login') return <RedirectingToLogin area={area} start />;
  // Issue 30: a password an administrator reset is changed before anything else.
  if (user?.mustChangePassword) return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  if (access.kind === 'forbidden' || !user) return <Navigate to="/403" replace />;

  const meta = CLIENT_AREA_META[area];
  const brandAndMenu = (narrow: boolean) => (
    <>
      {/* Collapsed, the brand shows only the mark: then it needs a name of its own. */}
      <Link
        to={meta.home}
        className="phjr-shell-brand"
        aria-label={narrow ? t(`routes:${meta.titleKey}`) : undefined}
        onClick={() => setDrawerOpenOn(null)}
      >
        <LogoMark size={32} />
        {narrow ? null : (
          <span className="phjr-shell-brand-text">
            <span className="phjr-shell-brand-name">{t('client.brand')}</span>
            <span className="phjr-shell-brand-area">{t(`routes:${meta.titleKey}`)}</span>
          </span>
        )}
      </Link>
      <Menu
        theme="dark"
        mode="inline"
        items={menuItems}
        selectedKeys={[selected]}
        openKeys={narrow ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={() => setDrawerOpenOn(null)}
      />
    </>
  );
  return (
    <AntdApp message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG} component={false}>
      <a className="phjr-skip-link" href="#phjr-main">
        {t('layout:site.skipToContent')}
      </a>
      <Layout className="phjr-shell">
        {phone ? (
          // A phone: the menu is a drawer the header's button opens, and the page has the whole width (UI.md).
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpenOn(null)}
            size={264}
            closable={false}
            rootClassName="phjr-shell-drawer"
            styles={{ body: { padding: 0, background: BRAND.navy } }}
          >
            {brandAndMenu(false)}
          </Drawer>
        ) : (
          <Sider
            width={224}
            collapsedWidth={64}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            breakpoint="lg"
            trigger={null}
            className="phjr-shell-sider"
          >
            {brandAndMenu(collapsed)}
          </Sider>
        )}
        <Layout>
          <ShellHeader
            area={area}
            user={user}
            collapsed={phone ? !drawerOpen : collapsed}
            onToggle={() => (phone ? setDrawerOpenOn(drawerOpen ? null : pathname) : setCollapsed((c) => !c))}
          />
          <Content id="phjr-main" tabIndex={-1} className="phjr-shell-content">
            {crumbs.length > 1 ? (
              <Breadcrumb
                className="phjr-shell-crumbs"
                items={crumbs.map((c, i) => ({
                  key: `${i}`,
                  title:
                    c.to && i < crumbs.length - 1 ? (
                      <Link to={c.to}>{t(`routes:${c.titleKey}`)}</Link>
                    ) : (
                      t(`routes:${c.titleKey}`)
                    ),
                }))}
              />
            ) : null}
            <RouteOutlet />
          </Content>
        </Layout>
      </Layout>
    </AntdApp>
  );
}
