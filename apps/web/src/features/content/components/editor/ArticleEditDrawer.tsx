import { useState } from 'react';
import { Alert, App, Button, Col, Drawer, Form, Input, Result, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { articleOps, type ArticleDetail, type ArticleStatus } from '@phjr/contract/content/article';
import type { ArticleChannel } from '@phjr/contract/content/channels';
import { StateTag } from '../../../../components/StateTag.tsx';
import { useRegions } from '../../../../components/use-regions.ts';
import { useAdminArticle, useSaveArticle, useWritableChannels } from '../../api/admin-articles.ts';
import { ImageUploadField } from './ImageUploadField.tsx';
import { LazyRichTextEditor } from './LazyRichTextEditor.tsx';
import { PublishArticleModal, type PublishTarget } from './PublishArticleModal.tsx';
import { previewUrl } from './preview-link.ts';
import { orNull } from './door-form.ts';
import './door-admin.css';
import { DrawerActions } from '../../../../components/DrawerActions.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useFormRules } from '../../../../lib/form-rules.ts';
import { pickerEmpty } from '../../../../components/PickerEmpty.tsx';

interface Values {
  title: string;
  channel: ArticleChannel;
  regionCode: string;
  cover?: string | null;
  summary?: string;
  source?: string;
  author?: string;
  pinned: boolean;
  body: string;
  industrialChainId?: number | null;
}

/** The article being edited: `id` null for a new one. */
export interface ArticleEditTarget {
  id: number | null;
}

/** A screen for one channel: new articles are of `channel`; with `chains`, each is tied to one of them (required). */
export interface ArticleScope {
  channel: ArticleChannel;
  chains?: { value: number; label: string; disabled?: boolean }[];
}

/** Create or edit an article in a wide drawer: the fields on the right, the body in the rich-text editor. */
export function ArticleEditDrawer({
  target,
  onClose,
  scope,
}: {
  target: ArticleEditTarget | null;
  onClose(): void;
  scope?: ArticleScope;
}) {
  const { t } = useTranslation('content');
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="min(1160px, 100vw)"
      title={target?.id ? t('article.editTitle') : t('article.createTitle')}
      destroyOnHidden
      styles={{ body: { paddingTop: 16 } }}
    >
      {target ? (
        target.id ? (
          <LoadedArticleForm id={target.id} onClose={onClose} scope={scope} />
        ) : (
          <ArticleForm detail={null} onClose={onClose} scope={scope} />
        )
      ) : null}
    </Drawer>
  );
}

function LoadedArticleForm({ id, onClose, scope }: { id: number; onClose(): void; scope?: ArticleScope }) {
  const { t } = useTranslation('content');
  const q = useAdminArticle(id);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('article.loadFailed')}
        extra={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  return <ArticleForm detail={q.data} onClose={onClose} scope={scope} />;
}

function ArticleForm({
  detail,
  onClose,
  scope,
}: {
  detail: ArticleDetail | null;
  onClose(): void;
  scope?: ArticleScope;
}) {
  const { t } = useTranslation(['content', 'portal']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(articleOps.save.body);
  const channels = useWritableChannels();
  const regions = useRegions();
  const save = useSaveArticle();
  // After the first save a new article has an id; later saves edit it.
  const [id, setId] = useState<number | null>(detail?.id ?? null);
  const [publishing, setPublishing] = useState<PublishTarget | null>(null);
  const status: ArticleStatus = detail?.status ?? 'DRAFT';
  const city = regions.data?.find((r) => r.parentCode === null);

  const initialValues: Partial<Values> = detail
    ? {
        title: detail.title,
        channel: detail.channel,
        regionCode: detail.regionCode,
        cover: detail.cover,
        summary: detail.summary,
        source: detail.source ?? undefined,
        author: detail.author ?? undefined,
        pinned: detail.pinned,
        body: detail.body,
        industrialChainId: detail.industrialChainId,
      }
    : { channel: scope?.channel ?? channels.data?.[0], regionCode: city?.code, pinned: false, body: '' };

  /** The form's values, or null (with the messages shown) when it is not valid. */
  async function validValues(): Promise<Values | null> {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  }

  /** Saves; resolves with the article's id, or null when the call was refused (the request layer said why). */
  async function store(v: Values): Promise<number | null> {
    try {
      const res = await save.mutateAsync({
        id: id ?? undefined,
        title: v.title.trim(),
        channel: v.channel,
        regionCode: v.regionCode,
        // Only a chain screen chooses the chain; elsewhere an article keeps the one it has.
        industrialChainId: scope?.chains ? (v.industrialChainId ?? null) : (detail?.industrialChainId ?? null),
        cover: v.cover ?? null,
        summary: v.summary?.trim() || undefined,
        body: v.body,
        source: orNull(v.source),
        author: orNull(v.author),
        pinned: v.pinned,
      });
      setId(res.id);
      return res.id;
    } catch {
      return null;
    }
  }

  async function persist(): Promise<number | null> {
    const v = await validValues();
    return v ? store(v) : null;
  }

  async function onSave() {
    if ((await persist()) !== null) void message.success(t('article.msg.saved'));
  }

  async function onPreview() {
    const v = await validValues();
    if (!v) return;
    // Opened before the save, while the click still counts as the user's gesture; pointed at the preview once saved.
    const tab = window.open('', '_blank');
    const saved = await store(v);
    if (saved === null) tab?.close();
    else if (tab) {
      tab.opener = null;
      tab.location.href = previewUrl(saved);
    }
  }

  /**
   * Asks when to publish; the changes are saved only when the user confirms, just before the publication (a new article
   * is created then). Cancelling saves nothing: no draft is left behind to be published again as a second article.
   */
  async function onPublish() {
    const v = await validValues();
    if (v) setPublishing({ id, title: v.title.trim(), save: () => store(v) });
  }

  // The server's `actions` of the article; a new one is saved when publishing is confirmed, and may always be published.
  const canPublish = detail ? (detail.actions ?? []).includes('publish') : true;
  const channelOptions = (channels.data ?? []).map((c) => ({ value: c, label: t(`portal:channel.${c}`) }));
  // An article of a channel this user may no longer write in keeps it, shown by name.
  if (detail && !channelOptions.some((o) => o.value === detail.channel))
    channelOptions.push({ value: detail.channel, label: t(`portal:channel.${detail.channel}`) });
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.parentCode ? r.name : t('article.wholeCity', { name: r.name }),
  }));

  if (!detail && (channels.isPending || regions.isPending)) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (!detail && (channelOptions.length === 0 || (scope && !channelOptions.some((o) => o.value === scope.channel))))
    return <Result status="403" title={t('article.noChannels')} />;

  return (
    <>
      <Form<Values> form={form} name="article" layout="vertical" initialValues={initialValues} requiredMark>
        {detail ? (
          <Alert
            type={status === 'PUBLISHED' ? 'info' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            message={
              <Space wrap>
                <StateTag state={status} />
                {detail.publishAt ? t('article.publishedAt', { at: formatDateTime(detail.publishAt) }) : null}
                {status === 'PUBLISHED' ? t('article.liveHint') : null}
              </Space>
            }
          />
        ) : null}
        <Row gutter={24}>
          <Col xs={24} lg={16}>
            <Form.Item name="title" label={t('article.fields.title')} rules={rules('title', t('article.fields.title'))}>
              <Input maxLength={120} showCount placeholder={t('article.placeholders.title')} />
            </Form.Item>
            <Form.Item
              name="body"
              label={t('article.fields.body')}
              rules={rules('body', t('article.fields.body'))}
              validateTrigger="onChange"
            >
              <LazyRichTextEditor label={t('article.fields.body')} minHeight={420} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name="channel"
              label={t('article.fields.channel')}
              rules={rules('channel', t('article.fields.channel'))}
            >
              <Select
                options={channelOptions}
                placeholder={t('placeholders.select')}
                showSearch
                optionFilterProp="label"
                disabled={!!scope}
              />
            </Form.Item>
            {scope?.chains ? (
              <Form.Item
                name="industrialChainId"
                label={t('article.fields.chain')}
                rules={[{ required: true, message: t('article.chainRequired') }]}
              >
                <Select
                  notFoundContent={pickerEmpty(t('common:pickers.noChain'))}
                  options={scope.chains}
                  placeholder={t('placeholders.select')}
                  showSearch
                  optionFilterProp="label"
                />
              </Form.Item>
            ) : null}
            <Form.Item
              name="regionCode"
              label={t('article.fields.region')}
              rules={rules('regionCode', t('article.fields.region'), { choice: true })}
              extra={t('article.regionHint')}
            >
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
                options={regionOptions}
                placeholder={t('placeholders.select')}
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item name="cover" label={t('article.fields.cover')}>
              <ImageUploadField alt={t('article.fields.cover')} width={176} height={99} />
            </Form.Item>
            <Form.Item
              name="summary"
              label={t('article.fields.summary')}
              rules={rules('summary', t('article.fields.summary'))}
            >
              <Input.TextArea rows={3} maxLength={300} showCount placeholder={t('article.summaryHint')} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item
                  name="source"
                  label={t('article.fields.source')}
                  rules={rules('source', t('article.fields.source'))}
                >
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="author"
                  label={t('article.fields.author')}
                  rules={rules('author', t('article.fields.author'))}
                >
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="pinned" label={t('article.fields.pinned')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <DrawerActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button onClick={() => void onSave()} loading={save.isPending && !publishing}>
            {status === 'DRAFT' ? t('article.actions.saveDraft') : t('actions.save')}
          </Button>
          <Button onClick={() => void onPreview()}>{t('article.actions.preview')}</Button>
          {canPublish ? (
            <Button type="primary" onClick={() => void onPublish()}>
              {t('article.actions.publish')}
            </Button>
          ) : null}
        </DrawerActions>
      </Form>
      <PublishArticleModal article={publishing} onClose={() => setPublishing(null)} onPublished={onClose} />
    </>
  );
}
