import { useState } from 'react';
import { App, Button, Col, Dropdown, Form, Input, Popconfirm, Row, Select, Space, Table, Tag, Typography, type MenuProps } from 'antd';
import { DownOutlined, PlusOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ARTICLE_STATUSES, type ArticleStatus, type ArticleSummary } from '@phjr/contract/content/article';
import type { ArticleChannel } from '@phjr/contract/content/channels';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { StateTag } from '../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { type AdminArticleQuery, useAdminArticlePage, useOfflineArticle, usePinArticle, useRemoveArticle, useWritableChannels } from '../api/admin-articles.ts';
import { ArticleEditDrawer, type ArticleEditTarget } from '../components/editor/ArticleEditDrawer.tsx';
import { PublishArticleModal, type PublishTarget } from '../components/editor/PublishArticleModal.tsx';
import { previewUrl } from '../components/editor/preview-link.ts';
import '../components/editor/door-admin.css';
import { formatDateTime } from '../../../lib/format.ts';

interface FilterValues {
  keyword?: string;
  channel?: ArticleChannel;
  status?: ArticleStatus;
  regionCode?: string;
}

const PAGE_SIZE = 10;
/** A published article whose publish time is still ahead: readers see it from then on. */
const isScheduled = (a: ArticleSummary) => a.status === 'PUBLISHED' && a.publishAt !== null && dayjs(a.publishAt).isAfter(dayjs());

/** /operateClient/door/article: every channel's articles; write, preview, publish or schedule, pin, take offline. */
export default function OperateArticlePage() {
  const { t } = useTranslation(['content', 'portal']);
  const [form] = Form.useForm<FilterValues>();
  const [expanded, setExpanded] = useState(true);
  const [query, setQuery] = useState<AdminArticleQuery>({ current: 1, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<ArticleEditTarget | null>(null);
  const [publishing, setPublishing] = useState<PublishTarget | null>(null);
  const page = useAdminArticlePage(query);
  const channels = useWritableChannels();
  const regions = useRegions();

  function search(v: FilterValues) {
    setQuery({ current: 1, pageSize: PAGE_SIZE, keyword: v.keyword?.trim() || undefined, channel: v.channel, status: v.status, regionCode: v.regionCode });
  }

  const channelOptions = (channels.data ?? []).map((c) => ({ value: c, label: t(`portal:channel.${c}`) }));
  const regionOptions = (regions.data ?? []).map((r) => ({ value: r.code, label: r.parentCode ? r.name : t('article.wholeCity', { name: r.name }) }));

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} disabled={channels.data?.length === 0}>
          {t('article.actions.create')}
        </Button>
      }
    >
      <section className="phjr-panel">
        <Form<FilterValues> form={form} name="article-filter" layout="vertical" onFinish={search}>
          <Row gutter={16}>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="keyword" label={t('article.fields.keyword')}>
                <Input allowClear maxLength={50} placeholder={t('article.placeholders.keyword')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="channel" label={t('article.fields.channel')}>
                <Select allowClear options={channelOptions} placeholder={t('placeholders.all')} />
              </Form.Item>
            </Col>
            {expanded ? (
              <>
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="status" label={t('article.fields.status')}>
                    <Select allowClear placeholder={t('placeholders.all')} options={ARTICLE_STATUSES.map((s) => ({ value: s, label: <StateTag state={s} /> }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={6}>
                  <Form.Item name="regionCode" label={t('article.fields.region')}>
                    <Select allowClear showSearch optionFilterProp="label" options={regionOptions} placeholder={t('placeholders.all')} />
                  </Form.Item>
                </Col>
              </>
            ) : null}
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('actions.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('actions.reset')}
            </Button>
            <Button type="link" onClick={() => setExpanded((x) => !x)} icon={expanded ? <UpOutlined /> : <DownOutlined />}>
              {expanded ? t('actions.collapse') : t('actions.expand')}
            </Button>
          </Space>
        </Form>
      </section>
      <section className="phjr-panel">
        <Table<ArticleSummary>
          rowKey="id"
          loading={page.isFetching}
          dataSource={page.data?.list ?? []}
          locale={{ emptyText: t('article.empty') }}
          scroll={{ x: 1120 }}
          pagination={{
            current: query.current,
            pageSize: PAGE_SIZE,
            total: page.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('total', { total }),
            onChange: (current) => setQuery((q) => ({ ...q, current })),
          }}
          columns={[
            {
              title: t('article.fields.title'),
              dataIndex: 'title',
              ellipsis: true,
              render: (title: string) => <Typography.Text ellipsis={{ tooltip: title }}>{title}</Typography.Text>,
            },
            { title: t('article.fields.channel'), dataIndex: 'channel', width: 110, render: (c: ArticleChannel) => t(`portal:channel.${c}`) },
            { title: t('article.fields.region'), dataIndex: 'regionCode', width: 100, render: (code: string, a) => a.regionName ?? regionName(regions.data, code) ?? code },
            {
              title: t('article.fields.status'),
              dataIndex: 'status',
              width: 100,
              render: (s: ArticleStatus, a) => (isScheduled(a) ? <StateTag state="SCHEDULED" tone="pending" label={t('article.scheduled')} /> : <StateTag state={s} />),
            },
            { title: t('article.fields.pinned'), dataIndex: 'pinned', width: 90, render: (p: boolean) => (p ? <Tag color="volcano">{t('article.pinned')}</Tag> : '-') },
            { title: t('article.fields.views'), dataIndex: 'views', width: 90, align: 'right' },
            { title: t('article.fields.publishAt'), dataIndex: 'publishAt', width: 150, render: (at: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span> },
            {
              title: t('actions.title'),
              key: 'actions',
              width: 240,
              fixed: 'right',
              render: (_: unknown, a) => <RowActions article={a} onEdit={() => setEditing({ id: a.id })} onPublish={() => setPublishing({ id: a.id, title: a.title })} />,
            },
          ]}
        />
      </section>
      <ArticleEditDrawer target={editing} onClose={() => setEditing(null)} />
      <PublishArticleModal article={publishing} onClose={() => setPublishing(null)} />
    </RoutePage>
  );
}

/**
 * Exactly the actions the server allows on the row (`actions`, from the rule that also checks each request) beside
 * preview; pin and delete under "more". No button reads the status itself.
 */
function RowActions({ article: a, onEdit, onPublish }: { article: ArticleSummary; onEdit(): void; onPublish(): void }) {
  const { t } = useTranslation('content');
  const { message, modal } = App.useApp();
  const offline = useOfflineArticle();
  const remove = useRemoveArticle();
  const pin = usePinArticle();
  const allowed = a.actions ?? [];
  const more: MenuProps['items'] = [
    ...(allowed.includes('pin') ? [{ key: 'pin', label: a.pinned ? t('article.actions.unpin') : t('article.actions.pin') }] : []),
    ...(allowed.includes('remove') ? [{ key: 'remove', label: t('actions.remove'), danger: true }] : []),
  ];
  function onMore(key: string) {
    if (key === 'pin') {
      pin.mutate({ id: a.id, pinned: !a.pinned }, { onSuccess: () => void message.success(a.pinned ? t('article.msg.unpinned') : t('article.msg.pinned')) });
      return;
    }
    modal.confirm({
      title: t('article.confirmRemove', { title: a.title }),
      okButtonProps: { danger: true },
      okText: t('actions.remove'),
      onOk: async () => {
        await remove.mutateAsync({ id: a.id });
        void message.success(t('msg.removed'));
      },
    });
  }
  return (
    <Space size={0} wrap>
      {allowed.includes('edit') ? (
        <Button type="link" size="small" onClick={onEdit}>
          {t('actions.edit')}
        </Button>
      ) : null}
      <Button type="link" size="small" href={previewUrl(a.id)} target="_blank" rel="noopener noreferrer">
        {t('article.actions.preview')}
      </Button>
      {allowed.includes('publish') ? (
        <Button type="link" size="small" onClick={onPublish}>
          {t('article.actions.publish')}
        </Button>
      ) : null}
      {allowed.includes('offline') ? (
        <Popconfirm
          title={t('article.confirmOffline')}
          onConfirm={async () => {
            await offline.mutateAsync({ id: a.id });
            void message.success(t('article.msg.offline'));
          }}
        >
          <Button type="link" size="small">
            {t('article.actions.offline')}
          </Button>
        </Popconfirm>
      ) : null}
      {more.length ? (
        <Dropdown menu={{ items: more, onClick: ({ key }) => onMore(key) }} trigger={['click']}>
          <Button type="link" size="small" loading={pin.isPending}>
            {t('article.actions.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Space>
  );
}
