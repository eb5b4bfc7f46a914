import { useEffect } from 'react';
import { App, DatePicker, Form, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePublishArticle } from '../../api/admin-articles.ts';

interface Values {
  when: 'now' | 'later';
  at?: Dayjs;
}

export interface PublishTarget {
  id: number;
  title: string;
}

/** Publishes an article now, or schedules it: readers see a scheduled article from its publish time on. */
export function PublishArticleModal({ article, onClose, onPublished }: { article: PublishTarget | null; onClose(): void; onPublished?(): void }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const publish = usePublishArticle();
  const when = Form.useWatch('when', form);

  useEffect(() => {
    if (article) form.setFieldsValue({ when: 'now', at: undefined });
  }, [article, form]);

  async function submit() {
    if (!article) return;
    const v = await form.validateFields();
    await publish.mutateAsync({ id: article.id, publishAt: v.when === 'later' && v.at ? v.at.second(0).millisecond(0).format() : undefined });
    void message.success(v.when === 'later' ? t('article.msg.scheduled', { at: v.at!.format('YYYY-MM-DD HH:mm') }) : t('article.msg.published'));
    onPublished?.();
    onClose();
  }

  return (
    <Modal
      open={article !== null}
      title={t('article.publishTitle')}
      okText={t('article.actions.publish')}
      // A refused form shows its messages; a refused call has been shown by the request layer.
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={publish.isPending}
      onCancel={onClose}
      forceRender
    >
      <p className="phjr-publish-subject">{article?.title}</p>
      <Form form={form} name="publish-article" layout="vertical">
        <Form.Item name="when" label={t('article.publishWhen')}>
          <Radio.Group
            options={[
              { value: 'now', label: t('article.publishNow') },
              { value: 'later', label: t('article.publishLater') },
            ]}
          />
        </Form.Item>
        {when === 'later' ? (
          <Form.Item
            name="at"
            label={t('article.publishAt')}
            rules={[
              { required: true, message: t('article.rules.publishAt') },
              {
                validator: async (_, at: Dayjs | undefined) => {
                  if (at && !at.isAfter(dayjs())) throw new Error(t('article.rules.publishAtFuture'));
                },
              },
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: 240 }} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
