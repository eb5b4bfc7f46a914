import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PICTURE_PLACES, pictureOps, type Picture, type PicturePlace } from '@phjr/contract/content/pictures';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { usePictures, useRemovePicture, useSavePicture } from '../api/admin-pictures.ts';
import { ImageUploadField } from '../components/editor/ImageUploadField.tsx';
import { ActiveSwitch, EditRemoveActions, SortActiveFields } from '../components/editor/DoorFormParts.tsx';
import { orNull } from '../components/editor/door-form.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import '../components/editor/door-admin.css';

interface Values {
  place: PicturePlace;
  title: string;
  titleEn?: string;
  url: string;
  urlEn?: string | null;
  link?: string;
  sort: number;
  active: boolean;
}

/** The place (tab) and the page live in the address: `?place=HOME_BANNER&current=2`; every picture of a place at once. */
const pictureList = defineList({ pageSize: 10, filters: { place: field.oneOf(PICTURE_PLACES) } });

/** /operateClient/door/picManage: banners and system images by place, with their order, link and switch. */
export default function OperatePicManagePage() {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const listPage = useListQuery(pictureList);
  const place: PicturePlace = listPage.query.place ?? 'HOME_BANNER';
  // What the dialog edits; kept while it closes so its title does not change during the animation.
  const [editing, setEditing] = useState<Picture | 'new'>('new');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(pictureOps.save.body);
  const list = usePictures(place);
  const save = useSavePicture();
  const remove = useRemovePicture();

  function openEditor(p: Picture | 'new') {
    setEditing(p);
    setOpen(true);
    const next = (list.data ?? []).reduce((m, x) => Math.max(m, x.sort), 0) + 10;
    form.resetFields();
    form.setFieldsValue(
      p === 'new'
        ? { place, title: '', titleEn: '', url: undefined, urlEn: null, link: undefined, sort: next, active: true }
        : {
            place: p.place,
            title: p.title,
            titleEn: p.titleEn ?? '',
            url: p.url,
            urlEn: p.urlEn,
            link: p.link ?? undefined,
            sort: p.sort,
            active: p.active,
          },
    );
  }

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: editing === 'new' ? undefined : editing.id,
      place: v.place,
      title: v.title.trim(),
      titleEn: orNull(v.titleEn),
      url: v.url,
      urlEn: v.urlEn ?? null,
      link: orNull(v.link),
      sort: v.sort,
      active: v.active,
    });
    void message.success(t('msg.saved'));
    setOpen(false);
    if (v.place !== place) listPage.search({ place: v.place });
  }

  const table = (
    <ListTable<Picture>
      list={listPage}
      data={list.data}
      loading={list.isFetching}
      rowKey="id"
      plain
      emptyText={t('picture.empty')}
      showSizeChanger={false}
      columns={[
        {
          title: t('picture.fields.image'),
          dataIndex: 'url',
          width: 130,
          render: (url: string, p) => <img className="phjr-thumb" src={url} alt={p.title} loading="lazy" />,
        },
        {
          title: t('picture.fields.title'),
          dataIndex: 'title',
          ellipsis: true,
          render: (title: string, p) => (
            <span className="phjr-bilingual">
              {title}
              {p.titleEn ? <small lang="en">{p.titleEn}</small> : null}
            </span>
          ),
        },
        {
          title: t('picture.fields.link'),
          dataIndex: 'link',
          ellipsis: true,
          render: (link: string | null) =>
            link ? <Typography.Text copyable={{ text: link }}>{link}</Typography.Text> : '-',
        },
        { title: t('fields.sort'), dataIndex: 'sort', width: 90, align: 'right' },
        {
          title: t('fields.active'),
          dataIndex: 'active',
          width: 90,
          render: (active: boolean, p) => (
            <ActiveSwitch
              checked={active}
              name={p.title}
              loading={save.isPending && save.variables?.id === p.id}
              onChange={(on) =>
                save.mutate({
                  id: p.id,
                  place: p.place,
                  title: p.title,
                  titleEn: p.titleEn,
                  url: p.url,
                  urlEn: p.urlEn,
                  link: p.link,
                  sort: p.sort,
                  active: on,
                })
              }
            />
          ),
        },
        {
          title: t('actions.title'),
          key: 'actions',
          width: 140,
          render: (_: unknown, p) => (
            <EditRemoveActions
              name={p.title}
              onEdit={() => openEditor(p)}
              onRemove={() => remove.mutateAsync({ id: p.id })}
            />
          ),
        },
      ]}
    />
  );

  return (
    <RoutePage
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')}>
          {t('picture.create')}
        </Button>
      }
    >
      <section className="phjr-panel">
        <Tabs
          activeKey={place}
          onChange={(k) => listPage.search({ place: k as PicturePlace })}
          items={PICTURE_PLACES.map((p) => ({
            key: p,
            label: t(`picture.place.${p}`),
            children: p === place ? table : null,
          }))}
        />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(`picture.placeHint.${place}`)}
        </Typography.Paragraph>
      </section>
      <Modal
        open={open}
        title={editing === 'new' ? t('picture.create') : t('picture.edit')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('actions.save')}
        confirmLoading={save.isPending}
        width={600}
        forceRender
      >
        <Form form={form} name="picture" layout="vertical" requiredMark>
          <Form.Item name="place" label={t('picture.fields.place')} rules={rules('place', t('picture.fields.place'))}>
            <Select options={PICTURE_PLACES.map((p) => ({ value: p, label: t(`picture.place.${p}`) }))} />
          </Form.Item>
          <Form.Item name="title" label={t('picture.fields.title')} rules={rules('title', t('picture.fields.title'))}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="titleEn"
            label={t('picture.fields.titleEn')}
            rules={rules('titleEn', t('picture.fields.titleEn'))}
            extra={t('englishHint')}
          >
            <Input maxLength={120} lang="en" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('picture.fields.image')}
            rules={rules('url', t('picture.fields.image'), { choice: true })}
          >
            <ImageUploadField alt={t('picture.fields.image')} width={256} height={96} />
          </Form.Item>
          <Form.Item
            name="urlEn"
            label={t('picture.fields.imageEn')}
            rules={rules('urlEn', t('picture.fields.imageEn'), { choice: true })}
            extra={t('picture.imageEnHint')}
          >
            <ImageUploadField alt={t('picture.fields.imageEn')} width={256} height={96} />
          </Form.Item>
          <Form.Item
            name="link"
            label={t('picture.fields.link')}
            rules={rules('link', t('picture.fields.link'))}
            extra={t('linkHint')}
          >
            <Input maxLength={300} placeholder="/supermarket" />
          </Form.Item>
          <SortActiveFields request={pictureOps.save.body} />
        </Form>
      </Modal>
    </RoutePage>
  );
}
