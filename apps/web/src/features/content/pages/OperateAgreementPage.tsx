import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Result, Skeleton, Tabs, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AGREEMENT_KINDS, agreementOps, type Agreement, type AgreementKind } from '@phjr/contract/content/agreement';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, field, useListQuery, type ListState } from '../../../components/list-page/ListPage.tsx';
import { useAgreementVersions, useSaveAgreement } from '../api/admin-agreements.ts';
import { LazyRichTextEditor } from '../components/editor/LazyRichTextEditor.tsx';
import { RichHtml } from '../components/editor/RichHtml.tsx';
import '../components/editor/door-admin.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useFormRules } from '../../../lib/form-rules.ts';

/** The kind (tab) and the history's page live in the address: `?kind=PRIVACY&current=2`. */
const agreementList = defineList({ pageSize: 10, filters: { kind: field.oneOf(AGREEMENT_KINDS) } });
type AgreementList = ListState<(typeof agreementList)['filters']>;

/** /operateClient/door/agreement: the user agreement and the privacy policy; every save is a new version in force. */
export default function OperateAgreementPage() {
  const { t } = useTranslation('content');
  const list = useListQuery(agreementList);
  const kind: AgreementKind = list.query.kind ?? 'USER';
  return (
    <RoutePage>
      <section className="phjr-panel">
        <Tabs
          activeKey={kind}
          onChange={(k) => list.search({ kind: k as AgreementKind })}
          items={AGREEMENT_KINDS.map((k) => ({
            key: k,
            label: t(`agreement.kind.${k}`),
            children: k === kind ? <AgreementPanel kind={k} list={list} /> : null,
          }))}
        />
      </section>
    </RoutePage>
  );
}

function AgreementPanel({ kind, list }: { kind: AgreementKind; list: AgreementList }) {
  const { t } = useTranslation('content');
  const versions = useAgreementVersions(kind);
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<Agreement | null>(null);
  const name = t(`agreement.kind.${kind}`);

  if (versions.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (versions.isError) {
    return (
      <Result
        status="warning"
        title={t('agreement.loadFailed')}
        extra={<Button onClick={() => void versions.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  const current = versions.data[0] ?? null;

  return (
    <>
      {current ? (
        <>
          <div className="phjr-agreement-head">
            <Descriptions
              title={t('agreement.inForce')}
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              items={[
                { key: 'v', label: t('agreement.fields.version'), children: `v${current.version}` },
                { key: 't', label: t('agreement.fields.title'), children: current.title },
                { key: 'at', label: t('agreement.fields.createdAt'), children: formatDateTime(current.createdAt) },
                { key: 'by', label: t('agreement.fields.createdBy'), children: current.createdBy ?? '-' },
              ]}
            />
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('agreement.edit')}
            </Button>
          </div>
          <RichHtml html={current.body} className="phjr-agreement-current" scrollLabel={current.title} />
        </>
      ) : (
        <Empty description={t('agreement.none', { name })}>
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('agreement.writeFirst')}
          </Button>
        </Empty>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('agreement.history')}
      </Typography.Title>
      <ListTable<Agreement>
        list={list}
        data={versions.data}
        rowKey="id"
        size="middle"
        plain
        showSizeChanger={false}
        emptyText={t('agreement.noHistory')}
        columns={[
          { title: t('agreement.fields.version'), dataIndex: 'version', width: 100, render: (v: number) => `v${v}` },
          { title: t('agreement.fields.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('agreement.fields.createdAt'),
            dataIndex: 'createdAt',
            width: 180,
            render: (at: string) => formatDateTime(at),
          },
          {
            title: t('agreement.fields.createdBy'),
            dataIndex: 'createdBy',
            width: 160,
            render: (by: string | null) => by ?? '-',
          },
          {
            title: t('actions.title'),
            key: 'actions',
            width: 100,
            render: (_: unknown, a) => (
              <Button
                type="link"
                size="small"
                onClick={() => setShown(a)}
                aria-label={t('agreement.viewVersion', { version: a.version })}
              >
                {t('actions.view')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={shown !== null}
        title={shown ? `${shown.title} · v${shown.version}` : ''}
        footer={null}
        onCancel={() => setShown(null)}
        width={860}
      >
        {shown ? (
          <>
            <Typography.Paragraph type="secondary">
              {t('agreement.versionMeta', { at: formatDateTime(shown.createdAt), by: shown.createdBy ?? '-' })}
            </Typography.Paragraph>
            <RichHtml html={shown.body} className="phjr-agreement-current" scrollLabel={shown.title} />
          </>
        ) : null}
      </Modal>
      <AgreementEditor kind={kind} current={current} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}

interface Values {
  title: string;
  body: string;
}

/** Writes the next version: starts from the one in force; publishing asks for a confirmation, then it is in force. */
function AgreementEditor({
  kind,
  current,
  open,
  onClose,
}: {
  kind: AgreementKind;
  current: Agreement | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('content');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveAgreement();
  const rules = useFormRules(agreementOps.save.body);
  const name = t(`agreement.kind.${kind}`);
  const next = (current?.version ?? 0) + 1;

  async function publish() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: t('agreement.confirmTitle', { version: next }),
      content: t('agreement.confirmBody', { name }),
      okText: t('agreement.publish'),
      onOk: async () => {
        await save.mutateAsync({ kind, title: v.title.trim(), body: v.body });
        void message.success(t('agreement.published', { version: next }));
        onClose();
      },
    });
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="min(980px, 100vw)"
      destroyOnHidden
      title={t('agreement.editorTitle', { name, version: next })}
      extra={
        <Button type="primary" onClick={() => void publish()} loading={save.isPending}>
          {t('agreement.publish')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        name="agreement"
        layout="vertical"
        initialValues={{ title: current?.title ?? name, body: current?.body ?? '' }}
        requiredMark
      >
        <Form.Item name="title" label={t('agreement.fields.title')} rules={rules('title', t('agreement.fields.title'))}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="body" label={t('agreement.fields.body')} rules={rules('body', t('agreement.fields.body'))}>
          <LazyRichTextEditor label={t('agreement.fields.body')} minHeight={480} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
