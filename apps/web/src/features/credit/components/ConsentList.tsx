import type { ReactNode } from 'react';
import { App, Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CONSENT_STATES, CREDIT_PURPOSES, type CreditConsent, type CreditPurpose } from '@phjr/contract/credit/credit';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useHeldConsents, useMyConsents, useRevokeConsent } from '../api/credit.ts';
import { ConsentStateTag, ExpiringSoonTag } from './CreditTags.tsx';
import { usePurposeOptions } from './use-credit-labels.ts';

/**
 * The consents of one side: the enterprise's own (which institution, revoke with one click and a confirmation) or
 * the institution's held ones (which enterprise, expiry with the soon-to-expire mark, query under it). The list's
 * filters and page are in the address (one list per tab). Revoke shows only where the row carries the action.
 */

const subjectConsents = defineList({
  filters: { state: field.oneOf(CONSENT_STATES), purpose: field.oneOf(CREDIT_PURPOSES), keyword: field.text(60) },
});
const heldConsents = defineList({
  filters: {
    state: field.oneOf(CONSENT_STATES),
    purpose: field.oneOf(CREDIT_PURPOSES),
    keyword: field.text(60),
    expiringSoon: field.oneOf(['true'] as const),
  },
});

/** The columns of one side, then the row's action (`action`: its button, or nothing). */
function useColumns(
  side: 'subject' | 'institution',
  action: (c: CreditConsent) => ReactNode,
): ColumnsType<CreditConsent> {
  const { t } = useTranslation('credit');
  const who: ColumnsType<CreditConsent>[number] =
    side === 'subject'
      ? { title: t('consent.institution'), dataIndex: 'orgName', ellipsis: true, width: 240 }
      : {
          title: t('consent.subject'),
          key: 'subject',
          width: 260,
          render: (_: unknown, c) => (
            <div>
              <div>{c.subjectName}</div>
              <Typography.Text type="secondary" className="phjr-credit-code" style={{ fontSize: 12 }}>
                {c.subjectCreditCode}
              </Typography.Text>
            </div>
          ),
        };
  return [
    who,
    { title: t('consent.purpose'), dataIndex: 'purpose', width: 130, render: (p: CreditPurpose) => t(`purpose.${p}`) },
    {
      title: t('consent.source'),
      key: 'source',
      width: 210,
      className: 'phjr-credit-nowrap',
      render: (_: unknown, c) =>
        c.source === 'DEMAND' ? t('consent.fromDemand', { code: c.demandCode ?? '-' }) : t('consent.fromSelf'),
    },
    { title: t('consent.givenOn'), dataIndex: 'givenOn', width: 110 },
    {
      title: t('consent.expiresOn'),
      key: 'expiresOn',
      width: 190,
      render: (_: unknown, c) => (
        <Space size={6}>
          <span>{c.expiresOn}</span>
          {c.expiringSoon ? <ExpiringSoonTag daysLeft={c.daysLeft} /> : null}
        </Space>
      ),
    },
    {
      title: t('consent.state'),
      key: 'state',
      width: 220,
      render: (_: unknown, c) => (
        <Space size={6}>
          <ConsentStateTag state={c.state} />
          {c.revokedAt ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} className="phjr-credit-nowrap">
              {formatDateTime(c.revokedAt)}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t('actions.column'), key: 'actions', width: 90, fixed: 'right', render: (_: unknown, c) => action(c) },
  ];
}

function Filters({ side }: { side: 'subject' | 'institution' }) {
  const { t } = useTranslation('credit');
  const purposes = usePurposeOptions();
  return (
    <>
      <Form.Item name="keyword" label={side === 'subject' ? t('consent.institution') : t('consent.subject')}>
        <Input
          allowClear
          maxLength={60}
          placeholder={side === 'subject' ? t('consent.institutionPlaceholder') : t('consent.subjectPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="purpose" label={t('consent.purpose')}>
        <Select allowClear options={purposes} placeholder={t('filters.all')} style={{ minWidth: 140 }} />
      </Form.Item>
      <Form.Item name="state" label={t('consent.state')}>
        <Select
          allowClear
          options={CONSENT_STATES.map((s) => ({ value: s, label: t(`consentState.${s}`) }))}
          placeholder={t('filters.all')}
          style={{ minWidth: 120 }}
        />
      </Form.Item>
    </>
  );
}

/** The enterprise's consents (a person acting for one names its code). `toolbar`: the give-consent button. */
export function SubjectConsentList({ creditCode, toolbar }: { creditCode?: string; toolbar?: ReactNode }) {
  const { t } = useTranslation('credit');
  const { modal, message } = App.useApp();
  const list = useListQuery(subjectConsents);
  const page = useMyConsents({ ...list.query, creditCode });
  const revoke = useRevokeConsent();
  const confirmRevoke = (c: CreditConsent) =>
    modal.confirm({
      title: t('consent.revokeTitle'),
      content: t('consent.revokeText', { org: c.orgName, purpose: t(`purpose.${c.purpose}`) }),
      okText: t('consent.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await revoke.mutateAsync(c.id);
        void message.success(t('consent.revoked', { org: c.orgName }));
      },
    });
  const columns = useColumns('subject', (c) =>
    c.actions.includes('revoke') ? (
      <Button type="link" size="small" danger onClick={() => confirmRevoke(c)}>
        {t('consent.revoke')}
      </Button>
    ) : null,
  );
  return (
    <>
      <ListFilter list={list} plain name="consent-filter">
        <Filters side="subject" />
      </ListFilter>
      <ListTable<CreditConsent>
        plain
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        toolbar={toolbar}
        emptyText={t('consent.emptyMine')}
        scroll={{ x: 1200 }}
        columns={columns}
      />
    </>
  );
}

/** The consents an institution holds; `onQuery` opens a query under a live one. */
export function HeldConsentList({ onQuery }: { onQuery(c: CreditConsent): void }) {
  const { t } = useTranslation('credit');
  const list = useListQuery(heldConsents);
  const page = useHeldConsents(list.query);
  const columns = useColumns('institution', (c) =>
    c.state === 'LIVE' ? (
      <Button type="link" size="small" onClick={() => onQuery(c)}>
        {t('query.queryNow')}
      </Button>
    ) : null,
  );
  return (
    <>
      <ListFilter list={list} plain name="held-filter">
        <Filters side="institution" />
        <Form.Item
          name="expiringSoon"
          label={t('consent.expiringSoonFilter')}
          getValueFromEvent={(e: { target: { checked: boolean } }) => (e.target.checked ? 'true' : undefined)}
          getValueProps={(v) => ({ checked: v === 'true' })}
        >
          <Checkbox>{t('consent.expiringSoonOnly')}</Checkbox>
        </Form.Item>
      </ListFilter>
      <ListTable<CreditConsent>
        plain
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        emptyText={t('consent.emptyHeld')}
        scroll={{ x: 1240 }}
        columns={columns}
      />
    </>
  );
}
