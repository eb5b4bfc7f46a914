import { useState } from 'react';
import { Alert, App, Button, Col, Drawer, Form, Input, Result, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail, ArticleStatus } from '@phjr/contract/content/article';
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
}


/** The article being edited: `id` null for a new one. */
export interface ArticleEditTarget {
  id: number | null;
}

/** Create or edit an article in a wide drawer: the fields on the right, the body in the rich-text editor. */
export function ArticleEditDrawer({ target, onClose }: { target: ArticleEditTarget | null; onClose(): void }) {
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
      {target ? target.id ? <LoadedArticleForm id={target.id} onClose={onClose} /> : <ArticleForm detail={null} onClose={onClose} /> : null}
    </Drawer>
  );
}

function LoadedArticleForm({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation('content');
  const q = useAdminArticle(id);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (q.isError) return <Result status="warning" title={t('article.loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>} />;
  return <ArticleForm detail={q.data} onClose={onClose} />;
}

function ArticleForm({ detail, onClose }: { detail: ArticleDetail | null; onClose(): void }) {
  const { t } = useTranslation(['content', 'portal']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
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
      }
    : { channel: channels.data?.[0], regionCode: city?.code, pinned: false, body: '' };

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
        industrialChainId: detail?.industrialChainId ?? null,
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

  async function onPublish() {
    const saved = await persist();
    if (saved !== null) setPublishing({ id: saved, title: form.getFieldValue('title') as string });
  }

  // The server's `actions` of the article; a new one is saved first, as a draft, which may always be published.
  const canPublish = detail ? (detail.actions ?? []).includes('publish') : true;
  const channelOptions = (channels.data ?? []).map((c) => ({ value: c, label: t(`portal:channel.${c}`) }));
  // An article of a channel this user may no longer write in keeps it, shown by name.
  if (detail && !channelOptions.some((o) => o.value === detail.channel)) channelOptions.push({ value: detail.channel, label: t(`portal:channel.${detail.channel}`) });
  const regionOptions = (regions.data ?? []).map((r) => ({ value: r.code, label: r.parentCode ? r.name : t('article.wholeCity', { name: r.name }) }));

  if (!detail && (channels.isPending || regions.isPending)) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (!detail && channelOptions.length === 0) return <Result status="403" title={t('article.noChannels')} />;

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
            <Form.Item name="title" label={t('article.fields.title')} rules={[{ required: true, whitespace: true, message: t('article.rules.title') }, { max: 120, message: t('article.rules.titleMax') }]}>
              <Input maxLength={120} showCount placeholder={t('article.placeholders.title')} />
            </Form.Item>
            <Form.Item name="body" label={t('article.fields.body')} rules={[{ required: true, message: t('article.rules.body') }]} validateTrigger="onChange">
              <LazyRichTextEditor label={t('article.fields.body')} minHeight={420} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="channel" label={t('article.fields.channel')} rules={[{ required: true, message: t('article.rules.channel') }]}>
              <Select options={channelOptions} placeholder={t('placeholders.select')} showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="regionCode" label={t('article.fields.region')} rules={[{ required: true, message: t('article.rules.region') }]} extra={t('article.regionHint')}>
              <Select options={regionOptions} placeholder={t('placeholders.select')} showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item name="cover" label={t('article.fields.cover')}>
              <ImageUploadField alt={t('article.fields.cover')} width={176} height={99} />
            </Form.Item>
            <Form.Item name="summary" label={t('article.fields.summary')} rules={[{ max: 300, message: t('article.rules.summaryMax') }]}>
              <Input.TextArea rows={3} maxLength={300} showCount placeholder={t('article.summaryHint')} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="source" label={t('article.fields.source')} rules={[{ max: 60 }]}>
                  <Input maxLength={60} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="author" label={t('article.fields.author')} rules={[{ max: 60 }]}>
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
