import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Dropdown, Empty, Skeleton, Space } from 'antd';
import { DownOutlined, FieldTimeOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEMAND_STATUSES, type DemandStatus, type DemandSummary } from '@phjr/contract/demands/demand';
import { RoleHome } from '../../../components/RoleHome.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { useDemandWorkbench } from '../api/demands.ts';
import { DeadlineText, DemandDetailDrawer } from './DemandDetailDrawer.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useDemandTypeLabel } from './use-demand-labels.ts';
import './demands.css';

export type WorkbenchArea =
  'userClient' | 'financialInstitution' | 'guaranteePlatform' | 'supervisionClient' | 'operateClient';

/** A list a count leads to: its path (and tab), the states it holds, whether it filters by overdue. */
interface ListTarget {
  path: string;
  tab?: string;
  labelKey: string;
  statuses: readonly DemandStatus[];
  overdue: boolean;
}

/** The states in the order a demand moves through them. */
const FLOW: readonly DemandStatus[] = [
  'PENDING',
  'GUARANTEE_ACCEPTED',
  'GUARANTEED',
  'ACCEPTED',
  'GRANTED',
  'REJECTED',
  'WITHDRAWN',
  'EXPIRED',
];
const ALL = DEMAND_STATUSES;
const NOT_GUARANTEE = ALL.filter((s) => s !== 'GUARANTEE_ACCEPTED' && s !== 'GUARANTEED');

/** The demand lists of each client, in menu order (the same lists the pages show). */
const TARGETS: Record<WorkbenchArea, readonly ListTarget[]> = {
  userClient: [
    { path: '/userClient/demand/public', labelKey: 'type.PUBLIC', statuses: NOT_GUARANTEE, overdue: false },
    { path: '/userClient/demand/orientation', labelKey: 'type.ORIENTATION', statuses: NOT_GUARANTEE, overdue: false },
    { path: '/userClient/demand/guarantee', labelKey: 'type.GUARANTEE', statuses: ALL, overdue: false },
  ],
  financialInstitution: [
    {
      path: '/financialInstitution/demand/public',
      tab: 'pool',
      labelKey: 'tabs.pool',
      statuses: ['PENDING'],
      overdue: false,
    },
    {
      path: '/financialInstitution/demand/public',
      tab: 'mine',
      labelKey: 'tabs.minePublic',
      statuses: ['ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN'],
      overdue: true,
    },
    {
      path: '/financialInstitution/demand/orientation',
      tab: 'orientation',
      labelKey: 'tabs.orientation',
      statuses: NOT_GUARANTEE,
      overdue: true,
    },
    {
      path: '/financialInstitution/demand/orientation',
      tab: 'guarantee',
      labelKey: 'tabs.handedOver',
      statuses: ['ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN'],
      overdue: true,
    },
  ],
  guaranteePlatform: [
    { path: '/guaranteePlatform/demand/orientation', labelKey: 'type.GUARANTEE', statuses: ALL, overdue: true },
  ],
  supervisionClient: [
    { path: '/supervisionClient/demand/public', labelKey: 'type.PUBLIC', statuses: NOT_GUARANTEE, overdue: true },
    {
      path: '/supervisionClient/demand/orientation',
      tab: 'orientation',
      labelKey: 'tabs.orientation',
      statuses: NOT_GUARANTEE,
      overdue: true,
    },
    {
      path: '/supervisionClient/demand/orientation',
      tab: 'guarantee',
      labelKey: 'tabs.guarantee',
      statuses: ALL,
      overdue: true,
    },
  ],
  operateClient: [
    { path: '/operateClient/demand/public', labelKey: 'view.public', statuses: NOT_GUARANTEE, overdue: true },
    { path: '/operateClient/demand/assigned', labelKey: 'view.assigned', statuses: NOT_GUARANTEE, overdue: true },
    { path: '/operateClient/demand/guarantee', labelKey: 'view.guarantee', statuses: ALL, overdue: true },
  ],
};

/** Where "post a demand" leads from each client (applicants only). */
const POST_PATH: Partial<Record<WorkbenchArea, string>> = { userClient: '/financing' };

function href(target: ListTarget, filter: Record<string, string>): string {
  const q = new URLSearchParams({ ...(target.tab ? { tab: target.tab } : {}), ...filter });
  return `${target.path}?${q.toString()}`;
}

/**
 * A role's home as a work list (UI.md): the identity card, the counts by state in the viewer's scope (each leading
 * to its filtered list), the overdue count, the deadlines soonest first (overdue in orange), the latest demands,
 * and the shortcuts (demandOps.workbench).
 */
export function DemandWorkbenchHome({
  area,
  extra,
}: {
  area: WorkbenchArea;
  /** More cards below the latest demands (another feature's, composed by an app page). */ extra?: ReactNode;
}) {
  const { t } = useTranslation('demands');
  const user = useCurrentUser();
  const wb = useDemandWorkbench();
  const [openId, setOpenId] = useState<number | null>(null);
  const held = new Set(user?.resourceList ?? []);
  const targets = TARGETS[area].filter((x) => held.has(x.path));
  const states = FLOW.filter((s) => targets.some((x) => x.statuses.includes(s)));

  const summary = (
    <Card
      variant="borderless"
      className="phjr-page-card"
      title={t('workbench.figures')}
      extra={<PostButton area={area} />}
    >
      {wb.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : wb.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('workbench.loadFailed')}
          action={<Button onClick={() => void wb.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <ul className="phjr-demand-figures" aria-label={t('workbench.figures')}>
          {area === 'financialInstitution' &&
          wb.data.counts.POOL !== undefined &&
          held.has('/financialInstitution/demand/public') ? (
            <li>
              <CountTile
                label={<StateTag state="PENDING" label={t('workbench.pool')} />}
                count={wb.data.counts.POOL}
                targets={[{ to: '/financialInstitution/demand/public?tab=pool', label: t('tabs.pool') }]}
                name={t('workbench.pool')}
              />
            </li>
          ) : null}
          {states.map((s) => (
            <li key={s}>
              <CountTile
                label={<StateTag state={s} />}
                count={wb.data.counts[s] ?? 0}
                targets={targets
                  .filter((x) => x.statuses.includes(s))
                  .map((x) => ({ to: href(x, { status: s }), label: t(x.labelKey) }))}
                name={t('workbench.countOf', { state: t(`layout:state.${s}`) })}
              />
            </li>
          ))}
          <li>
            <CountTile
              tone="overdue"
              label={<StateTag state="OVERDUE" label={t('workbench.overdue')} />}
              count={wb.data.overdue}
              targets={targets
                .filter((x) => x.overdue)
                .map((x) => ({ to: href(x, { overdue: 'true' }), label: t(x.labelKey) }))}
              name={t('workbench.countOf', { state: t('workbench.overdue') })}
            />
          </li>
        </ul>
      )}
    </Card>
  );

  const worklist = wb.isPending ? (
    <Skeleton active paragraph={{ rows: 5 }} />
  ) : wb.isError ? null : wb.data.dueSoon.length ? (
    <DemandRows rows={wb.data.dueSoon} onOpen={setOpenId} showDeadline />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.nothingDue')} />
  );

  return (
    <RoleHome area={area} summary={summary} worklist={worklist}>
      <Card variant="borderless" className="phjr-page-card" title={t('workbench.latest')}>
        {wb.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : wb.isError ? null : wb.data.latest.length ? (
          <DemandRows rows={wb.data.latest} onOpen={setOpenId} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={area === 'userClient' ? t('workbench.noDemandsApplicant') : t('workbench.noDemands')}
          />
        )}
      </Card>
      {extra}
      <DemandDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </RoleHome>
  );
}

function PostButton({ area }: { area: WorkbenchArea }) {
  const { t } = useTranslation('demands');
  const navigate = useNavigate();
  const to = POST_PATH[area];
  if (!to) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(to)}>
      {t('actions.post')}
    </Button>
  );
}

/** One figure; a click leads to the list (or, when several lists hold the state, a menu of them). */
function CountTile({
  label,
  count,
  targets,
  name,
  tone,
}: {
  label: ReactNode;
  count: number;
  targets: { to: string; label: string }[];
  name: string;
  tone?: 'overdue';
}) {
  // Named by what it shows (WCAG 2.5.3: the name contains the visible label), then what it counts.
  const body = (
    <>
      <strong className={tone === 'overdue' && count > 0 ? 'phjr-demand-overdue' : undefined}>{count}</strong>
      <span>{label}</span>
      <span className="phjr-visually-hidden">{name}</span>
    </>
  );
  if (targets.length === 1) {
    return (
      <Link to={targets[0].to} className="phjr-demand-figure">
        {body}
      </Link>
    );
  }
  if (targets.length === 0) return <div className="phjr-demand-figure is-static">{body}</div>;
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: targets.map((x) => ({ key: x.to, label: <Link to={x.to}>{x.label}</Link> })) }}
    >
      <button type="button" className="phjr-demand-figure">
        {body}
        <DownOutlined className="phjr-demand-figure-more" aria-hidden />
      </button>
    </Dropdown>
  );
}

/** Demands as a short list: code, applicant, amount, state, the running deadline or the posting time. */
function DemandRows({
  rows,
  onOpen,
  showDeadline,
}: {
  rows: readonly DemandSummary[];
  onOpen(id: number): void;
  showDeadline?: boolean;
}) {
  const { t } = useTranslation('demands');
  const typeLabel = useDemandTypeLabel();
  return (
    <ul className="phjr-demand-rows">
      {rows.map((d) => (
        <li key={d.id} className={d.overdue ? 'is-overdue' : undefined}>
          <div className="phjr-demand-rows-main">
            <Button
              type="link"
              size="small"
              className="phjr-demand-code"
              onClick={() => onOpen(d.id)}
              aria-label={t('actions.viewCode', { code: d.code })}
            >
              {d.code}
            </Button>
            <span className="phjr-demand-rows-name">{d.applicantName}</span>
            <span className="phjr-demand-muted">
              {typeLabel(d.type)} · {t('units.wanValue', { n: formatAmount(d.amount) })}
            </span>
          </div>
          <Space size={8} className="phjr-demand-rows-side">
            <StateTag state={d.status} />
            {showDeadline ? (
              <span>
                <FieldTimeOutlined aria-hidden /> <DeadlineText deadline={d.deadline} overdue={d.overdue} />
              </span>
            ) : (
              <span className="phjr-demand-muted">{formatDateTime(d.createdAt)}</span>
            )}
          </Space>
        </li>
      ))}
    </ul>
  );
}
