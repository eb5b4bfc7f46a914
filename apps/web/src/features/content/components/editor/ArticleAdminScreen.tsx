import { useState } from 'react';
import { App, Button, Dropdown, Form, Input, Popconfirm, Select, Space, Tag, Typography, type MenuProps } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ARTICLE_STATUSES, type ArticleStatus, type ArticleSummary } from '@phjr/contract/content/article';
import { ARTICLE_CHANNELS, type ArticleChannel } from '@phjr/contract/content/channels';
import { RoutePage } from '../../../../components/RoutePage.tsx';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../../components/list-page/ListPage.tsx';
import { StateTag } from '../../../../components/StateTag.tsx';
import { regionName, useRegions } from '../../../../components/use-regions.ts';
import {
  useAdminArticlePage,
  useOfflineArticle,
  usePinArticle,
  useRemoveArticle,
  useWritableChannels,
} from '../../api/admin-articles.ts';
import { ArticleEditDrawer, type ArticleEditTarget, type ArticleScope } from './ArticleEditDrawer.tsx';
import { PublishArticleModal, type PublishTarget } from './PublishArticleModal.tsx';
import { previewUrl } from './preview-link.ts';
import './door-admin.css';
import { formatDateTime } from '../../../../lib/format.ts';
import { pickerEmpty } from '../../../../components/PickerEmpty.tsx';

/** The contract's filters (ZAdminArticlePageQuery) in the address: `?channel=news&status=DRAFT&current=2`. */
const articleList = defineList({
  pageSize: 10,
  filters: {
    keyword: field.text(50),
    channel: field.oneOf(ARTICLE_CHANNELS),
    status: field.oneOf(ARTICLE_STATUSES),
    regionCode: field.text(6, /^\d{6}$/),
    /** The chain articles' screens only: the articles of one chain. */
    industrialChainId: field.number(),
  },
});
/** A published article whose publish time is still ahead: readers see it from then on. */
const isScheduled = (a: ArticleSummary) =>
  a.status === 'PUBLISHED' && a.publishAt !== null && Date.parse(a.publishAt) > Date.now();

/**
 * The back office's article screen: the articles a writer may write (every channel, or the one of `scope`), with
 * write, preview, publish or schedule, pin, take offline. With a `scope`, the channel is fixed and each article is tied
 * to one of `scope.chains` (the chain articles).
 *
 *   <ArticleAdminScreen />                                                        // /operateClient/door/article
 *   <ArticleAdminScreen scope={{ channel: 'chain', chains: [{ value, label }] }} />  // /operateClient/chain/article
 */
export function ArticleAdminScreen({ scope }: { scope?: ArticleScope }) {
  const { t } = useTranslation(['content', 'portal']);
  const list = useListQuery(articleList);
  const [editing, setEditing] = useState<ArticleEditTarget | null>(null);
  const [publishing, setPublishing] = useState<PublishTarget | null>(null);
  const page = useAdminArticlePage(scope ? { ...list.query, channel: scope.channel } : list.query);
  const channels = useWritableChannels();
  const regions = useRegions();
  const canCreate = scope ? channels.data?.includes(scope.channel) : channels.data?.length !== 0;
  const chainName = (id: number | null) =>
    id === null ? '-' : (scope?.chains?.find((c) => c.value === id)?.label ?? `#${id}`);

  const channelOptions = (channels.data ?? []).map((c) => ({ value: c, label: t(`portal:channel.${c}`) }));
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.parentCode ? r.name : t('article.wholeCity', { name: r.name }),
  }));

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} disabled={!canCreate}>
          {t('article.actions.create')}
        </Button>
      }
    >
      <ListFilter
        list={list}
        name="article-filter"
        defaultExpanded
        more={
          <>
            <Form.Item name="status" label={t('article.fields.status')}>
              <Select
                allowClear
                placeholder={t('placeholders.all')}
                options={ARTICLE_STATUSES.map((s) => ({ value: s, label: <StateTag state={s} /> }))}
              />
            </Form.Item>
            <Form.Item name="regionCode" label={t('article.fields.region')}>
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
                allowClear
                showSearch
                optionFilterProp="label"
                options={regionOptions}
                placeholder={t('placeholders.all')}
              />
            </Form.Item>
          </>
        }
      >
        <Form.Item name="keyword" label={t('article.fields.keyword')}>
          <Input allowClear maxLength={50} placeholder={t('article.placeholders.keyword')} />
        </Form.Item>
        {scope?.chains ? (
          <Form.Item name="industrialChainId" label={t('article.fields.chain')}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noChain'))}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={scope.chains}
              placeholder={t('article.placeholders.allChains')}
              style={{ minWidth: 200 }}
            />
          </Form.Item>
        ) : null}
        {scope ? null : (
          <Form.Item name="channel" label={t('article.fields.channel')}>
            <Select allowClear options={channelOptions} placeholder={t('placeholders.all')} />
          </Form.Item>
        )}
      </ListFilter>
      <ListTable<ArticleSummary>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        emptyText={t('article.empty')}
        scroll={{ x: 1120 }}
        showSizeChanger={false}
        columns={[
          {
            title: t('article.fields.title'),
            dataIndex: 'title',
            ellipsis: true,
            render: (title: string) => <Typography.Text ellipsis={{ tooltip: title }}>{title}</Typography.Text>,
          },
          scope?.chains
            ? {
                title: t('article.fields.chain'),
                dataIndex: 'industrialChainId',
                width: 160,
                ellipsis: true,
                render: (id: number | null) => chainName(id),
              }
            : {
                title: t('article.fields.channel'),
                dataIndex: 'channel',
                width: 110,
                render: (c: ArticleChannel) => t(`portal:channel.${c}`),
              },
          {
            title: t('article.fields.region'),
            dataIndex: 'regionCode',
            width: 100,
            render: (code: string, a) => a.regionName ?? regionName(regions.data, code) ?? code,
          },
          {
            title: t('article.fields.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: ArticleStatus, a) =>
              isScheduled(a) ? (
                <StateTag state="SCHEDULED" tone="pending" label={t('article.scheduled')} />
              ) : (
                <StateTag state={s} />
              ),
          },
          {
            title: t('article.fields.pinned'),
            dataIndex: 'pinned',
            width: 90,
            render: (p: boolean) => (p ? <Tag color="volcano">{t('article.pinned')}</Tag> : '-'),
          },
          { title: t('article.fields.views'), dataIndex: 'views', width: 90, align: 'right' },
          {
            title: t('article.fields.publishAt'),
            dataIndex: 'publishAt',
            width: 150,
            render: (at: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span>,
          },
          {
            title: t('actions.title'),
            key: 'actions',
            width: 240,
            fixed: 'right',
            render: (_: unknown, a) => (
              <RowActions
                article={a}
                onEdit={() => setEditing({ id: a.id })}
                onPublish={() => setPublishing({ id: a.id, title: a.title })}
              />
            ),
          },
        ]}
      />
      <ArticleEditDrawer target={editing} onClose={() => setEditing(null)} scope={scope} />
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
    ...(allowed.includes('pin')
      ? [{ key: 'pin', label: a.pinned ? t('article.actions.unpin') : t('article.actions.pin') }]
      : []),
    ...(allowed.includes('remove') ? [{ key: 'remove', label: t('actions.remove'), danger: true }] : []),
  ];
  function onMore(key: string) {
    if (key === 'pin') {
      pin.mutate(
        { id: a.id, pinned: !a.pinned },
        { onSuccess: () => void message.success(a.pinned ? t('article.msg.unpinned') : t('article.msg.pinned')) },
      );
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
