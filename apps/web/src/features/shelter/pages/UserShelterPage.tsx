import { useState } from 'react';
import { Alert, App, Button, Result, Skeleton, Space } from 'antd';
import { EditOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { SHELTER_OPEN_STATES } from '@phjr/contract/shelter/shelter';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDiscardShelterDraft, useMyShelterPage, useShelterDraft } from '../api/shelter.ts';
import { ShelterActionModal, type ShelterActionTarget } from '../components/ShelterActionModal.tsx';
import { ShelterApplyForm } from '../components/ShelterApplyForm.tsx';
import { MyShelterList } from '../components/ShelterCaseList.tsx';
import '../components/shelter.css';

/**
 * /userClient/shelter: the enterprise's shelter cases (each with its timeline, plan and the help given, withdrawn
 * before admission when the server allows), and the application form (`?apply=1`, where /stowdown's button leads).
 * An enterprise has one open case at a time: with one open, the form says so and opens that case instead.
 */
export default function UserShelterPage() {
  const { t } = useTranslation('shelter');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const applying = params.get('apply') === '1';
  const [acting, setActing] = useState<ShelterActionTarget | null>(null);
  // Kept here, not in the form: the new case refreshes the list, which would otherwise show it as "a case is open".
  const [created, setCreated] = useState<{ id: number; code: string } | null>(null);
  // The open case, if any: the newest cases come first, and at most one is open.
  // A person holds the route too (the user client's menu) but the shelter serves enterprises: it reads nothing.
  const mayRead = !!user && (user.permissions.includes('shelter:apply') || user.permissions.includes('demand:view'));
  const latest = useMyShelterPage({ current: 1, pageSize: 10 }, mayRead);
  const openCase = latest.data?.list.find((c) => SHELTER_OPEN_STATES.includes(c.state)) ?? null;
  const mayApply = !!user?.permissions.includes('shelter:apply');
  // The account's own draft (docs/shelter.md "The draft"): resumed by the form, submitted as the application.
  const draft = useShelterDraft(mayApply);
  const discard = useDiscardShelterDraft();
  const { modal } = App.useApp();

  const go = (next: Record<string, string>) => setParams(next, { replace: false });

  if (user && !mayRead) {
    return (
      <RoutePage>
        <section className="phjr-panel">
          <Result
            status="info"
            title={t('portal.notEnterprise')}
            extra={
              <Link to="/stowdown">
                <Button type="primary">{t('user.about')}</Button>
              </Link>
            }
          />
        </section>
      </RoutePage>
    );
  }

  let body;
  if (applying) {
    if (created)
      body = (
        <Result
          status="success"
          title={t('form.createdTitle')}
          subTitle={t('form.createdText', { code: created.code })}
          extra={
            <Button
              type="primary"
              onClick={() => {
                setCreated(null);
                go({ id: String(created.id) });
              }}
            >
              {t('form.openCase')}
            </Button>
          }
        />
      );
    else if (!user || latest.isPending || (mayApply && draft.isPending))
      body = <Skeleton active paragraph={{ rows: 10 }} />;
    else if (!mayApply)
      body = (
        <Result
          status="info"
          title={t('form.viewOnly')}
          extra={<Button onClick={() => go({})}>{t('form.backToList')}</Button>}
        />
      );
    else if (!user.certified)
      body = (
        <Result
          status="info"
          title={t('form.notCertifiedTitle')}
          subTitle={t('form.notCertifiedText')}
          extra={
            <Link to="/userClient/certification">
              <Button type="primary">{t('form.toCertify')}</Button>
            </Link>
          }
        />
      );
    else if (openCase)
      body = (
        <Result
          status="info"
          title={t('form.openCaseTitle')}
          subTitle={t('form.openCaseText', { code: openCase.code, state: t(`layout:state.${openCase.state}`) })}
          extra={
            <Space>
              <Button type="primary" onClick={() => go({ id: String(openCase.id) })}>
                {t('form.openCase')}
              </Button>
              <Button onClick={() => go({})}>{t('form.backToList')}</Button>
            </Space>
          }
        />
      );
    else body = <ShelterApplyForm draft={draft.data ?? null} onCreated={setCreated} onCancel={() => go({})} />;
    return (
      <RoutePage kind="form">
        <section className="phjr-panel" aria-label={t('form.title')}>
          <h2 style={{ marginTop: 0 }}>{t('form.title')}</h2>
          {body}
        </section>
      </RoutePage>
    );
  }

  return (
    <RoutePage
      extra={
        <Space>
          <Link to="/stowdown">
            <Button icon={<InfoCircleOutlined />}>{t('user.about')}</Button>
          </Link>
          {mayApply ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => go({ apply: '1' })}>
              {t('user.newApplication')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {draft.data ? (
        <Alert
          type="info"
          showIcon
          className="phjr-shelter-draft"
          style={{ marginBottom: 16 }}
          message={t('draft.title')}
          description={t('draft.text', { at: formatDateTime(draft.data.savedAt) })}
          action={
            <Space wrap>
              <Button type="primary" icon={<EditOutlined />} onClick={() => go({ apply: '1' })}>
                {t('draft.resume')}
              </Button>
              {draft.data.actions.includes('discard') ? (
                <Button
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: t('draft.discard'),
                      content: t('draft.discardConfirm'),
                      okButtonProps: { danger: true },
                      onOk: () => discard.mutateAsync().catch(() => undefined),
                    })
                  }
                >
                  {t('draft.discard')}
                </Button>
              ) : null}
            </Space>
          }
        />
      ) : null}
      <MyShelterList onAct={setActing} />
      <ShelterActionModal target={acting} onClose={() => setActing(null)} />
    </RoutePage>
  );
}
