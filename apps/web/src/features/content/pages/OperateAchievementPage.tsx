import { useState } from 'react';
import { App, Button, Col, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ACHIEVEMENT_METRICS,
  achievementOps,
  type Achievement,
  type AchievementMetric,
} from '@phjr/contract/content/achievement';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useAchievements, useRemoveAchievement, useSaveAchievement } from '../api/admin-achievements.ts';
import { ImageUploadField } from '../components/editor/ImageUploadField.tsx';
import { ActiveSwitch, EditRemoveActions, SortActiveFields } from '../components/editor/DoorFormParts.tsx';
import { orNull } from '../components/editor/door-form.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import '../components/editor/door-admin.css';

interface Values {
  title: string;
  /** A live figure instead of the typed one (issue 30, item 6); '' : the typed, editorial figure. */
  metric?: AchievementMetric | '';
  figure?: string;
  unit?: string;
  summary: string;
  titleEn?: string;
  unitEn?: string;
  summaryEn?: string;
  cover?: string | null;
  link?: string;
  sort: number;
  active: boolean;
}

/** Every item at once (a handful), paged here; the page lives in the address. */
const achievementList = defineList({ pageSize: 10, filters: {} });

/** /operateClient/door/achievement: the showcase items of the portal (a headline figure, a summary, a picture). */
export default function OperateAchievementPage() {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Achievement | 'new'>('new');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const metric = Form.useWatch('metric', form);
  const rules = useFormRules(achievementOps.save.body);
  const list = useAchievements();
  const listPage = useListQuery(achievementList);
  const save = useSaveAchievement();
  const remove = useRemoveAchievement();

  function openEditor(a: Achievement | 'new') {
    setEditing(a);
    setOpen(true);
    form.resetFields();
    const next = (list.data ?? []).reduce((m, x) => Math.max(m, x.sort), 0) + 10;
    form.setFieldsValue(
      a === 'new'
        ? {
            title: '',
            metric: '',
            summary: '',
            titleEn: '',
            unitEn: '',
            summaryEn: '',
            sort: next,
            active: true,
            cover: null,
          }
        : {
            title: a.title,
            metric: a.metric ?? '',
            figure: a.figure ?? undefined,
            unit: a.unit ?? undefined,
            summary: a.summary,
            titleEn: a.titleEn ?? '',
            unitEn: a.unitEn ?? '',
            summaryEn: a.summaryEn ?? '',
            cover: a.cover,
            link: a.link ?? undefined,
            sort: a.sort,
            active: a.active,
          },
    );
  }

  const toRequest = (a: Achievement, active: boolean) => ({
    id: a.id,
    title: a.title,
    metric: a.metric,
    figure: a.figure,
    unit: a.unit,
    summary: a.summary,
    titleEn: a.titleEn,
    unitEn: a.unitEn,
    summaryEn: a.summaryEn,
    cover: a.cover,
    link: a.link,
    sort: a.sort,
    active,
  });

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: editing === 'new' ? undefined : editing.id,
      title: v.title.trim(),
      metric: v.metric || null,
      figure: v.metric ? null : orNull(v.figure),
      unit: v.metric ? null : orNull(v.unit),
      summary: v.summary.trim(),
      titleEn: orNull(v.titleEn),
      unitEn: orNull(v.unitEn),
      summaryEn: orNull(v.summaryEn),
      cover: v.cover ?? null,
      link: orNull(v.link),
      sort: v.sort,
      active: v.active,
    });
    void message.success(t('msg.saved'));
    setOpen(false);
  }

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')}>
          {t('achievement.create')}
        </Button>
      }
    >
      <ListTable<Achievement>
        list={listPage}
        data={list.data}
        loading={list.isFetching}
        rowKey="id"
        emptyText={t('achievement.empty')}
        scroll={{ x: 1000 }}
        showSizeChanger={false}
        columns={[
          {
            title: t('achievement.fields.cover'),
            dataIndex: 'cover',
            width: 130,
            render: (cover: string | null, a) =>
              cover ? (
                <img className="phjr-thumb" src={cover} alt={a.title} loading="lazy" />
              ) : (
                <div className="phjr-thumb phjr-thumb-empty" aria-hidden>
                  <PictureOutlined />
                </div>
              ),
          },
          {
            title: t('achievement.fields.title'),
            dataIndex: 'title',
            width: 200,
            ellipsis: true,
            render: (title: string, a) => (
              <span className="phjr-bilingual">
                {title}
                {a.titleEn ? <small lang="en">{a.titleEn}</small> : null}
              </span>
            ),
          },
          {
            title: t('achievement.fields.figure'),
            key: 'figure',
            width: 140,
            render: (_: unknown, a) =>
              a.metric ? (
                t(`achievement.metrics.${a.metric}`)
              ) : a.figure ? (
                <span className="phjr-achievement-figure">
                  {a.figure}
                  {a.unit ? <small>{a.unit}</small> : null}
                </span>
              ) : (
                '-'
              ),
          },
          {
            title: t('achievement.fields.summary'),
            dataIndex: 'summary',
            render: (s: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: s }} style={{ margin: 0 }}>
                {s}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('achievement.fields.link'),
            dataIndex: 'link',
            width: 160,
            ellipsis: true,
            render: (l: string | null) => l ?? '-',
          },
          { title: t('fields.sort'), dataIndex: 'sort', width: 80, align: 'right' },
          {
            title: t('fields.active'),
            dataIndex: 'active',
            width: 90,
            render: (active: boolean, a) => (
              <ActiveSwitch
                checked={active}
                name={a.title}
                loading={save.isPending && save.variables?.id === a.id}
                onChange={(on) => save.mutate(toRequest(a, on))}
              />
            ),
          },
          {
            title: t('actions.title'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_: unknown, a) => (
              <EditRemoveActions
                name={a.title}
                onEdit={() => openEditor(a)}
                onRemove={() => remove.mutateAsync({ id: a.id })}
              />
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={editing === 'new' ? t('achievement.create') : t('achievement.edit')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('actions.save')}
        confirmLoading={save.isPending}
        width={640}
        forceRender
      >
        <Form form={form} name="achievement" layout="vertical" requiredMark>
          <Form.Item
            name="title"
            label={t('achievement.fields.title')}
            rules={rules('title', t('achievement.fields.title'))}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="metric" label={t('achievement.fields.metric')} extra={t('achievement.metricHint')}>
            <Select
              options={[
                { value: '', label: t('achievement.metricNone') },
                ...ACHIEVEMENT_METRICS.map((m) => ({ value: m, label: t(`achievement.metrics.${m}`) })),
              ]}
            />
          </Form.Item>
          <Row gutter={16} hidden={!!metric}>
            <Col span={14}>
              <Form.Item
                name="figure"
                label={t('achievement.fields.figureValue')}
                rules={rules('figure', t('achievement.fields.figureValue'))}
                extra={t('achievement.figureHint')}
              >
                <Input maxLength={20} placeholder="12.6" />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item
                name="unit"
                label={t('achievement.fields.unit')}
                rules={rules('unit', t('achievement.fields.unit'))}
              >
                <Input maxLength={10} placeholder={t('achievement.unitPlaceholder')} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="summary"
            label={t('achievement.fields.summary')}
            rules={rules('summary', t('achievement.fields.summary'))}
          >
            <Input.TextArea rows={3} maxLength={300} showCount />
          </Form.Item>
          <fieldset className="phjr-english-fields">
            <legend>{t('englishTexts')}</legend>
            <Typography.Paragraph type="secondary">{t('englishHint')}</Typography.Paragraph>
            <Row gutter={16}>
              <Col span={14}>
                <Form.Item
                  name="titleEn"
                  label={t('achievement.fields.titleEn')}
                  rules={rules('titleEn', t('achievement.fields.titleEn'))}
                >
                  <Input maxLength={120} lang="en" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item
                  name="unitEn"
                  label={t('achievement.fields.unitEn')}
                  rules={rules('unitEn', t('achievement.fields.unitEn'))}
                >
                  <Input maxLength={20} lang="en" placeholder="100M CNY" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="summaryEn"
              label={t('achievement.fields.summaryEn')}
              rules={rules('summaryEn', t('achievement.fields.summaryEn'))}
            >
              <Input.TextArea rows={3} maxLength={600} showCount lang="en" />
            </Form.Item>
          </fieldset>
          <Form.Item
            name="cover"
            label={t('achievement.fields.cover')}
            rules={rules('cover', t('achievement.fields.cover'), { choice: true })}
          >
            <ImageUploadField alt={t('achievement.fields.cover')} width={192} height={108} />
          </Form.Item>
          <Form.Item
            name="link"
            label={t('achievement.fields.link')}
            rules={rules('link', t('achievement.fields.link'))}
            extra={t('linkHint')}
          >
            <Input maxLength={300} placeholder="/news/newsDetail?id=1" />
          </Form.Item>
          <SortActiveFields request={achievementOps.save.body} />
        </Form>
      </Modal>
    </RoutePage>
  );
}
