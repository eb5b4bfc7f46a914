import { useEffect, useState } from 'react';
import { App, Form, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { articleOps } from '@phjr/contract/content/article';
import { usePublishArticle } from '../../api/admin-articles.ts';
import { useFormRules } from '../../../../lib/form-rules.ts';
import { BeijingDatePicker } from '../../../../lib/beijing-date-picker.ts';
import { beijingInstant, beijingToday } from '../../../../lib/format.ts';

interface Values {
  when: 'now' | 'later';
  at?: Dayjs;
}

export interface PublishTarget {
  /** The article, or null for one not saved yet (then `save` is given). */
  id: number | null;
  title: string;
  /**
   * The editor's pending changes, saved only when the user confirms (OK), just before publishing: cancelling the dialog
   * saves nothing (issue 30, item 8). Resolves with the article's id, or null when the save was refused.
   */
  save?(): Promise<number | null>;
}

/**
 * Publishes an article now, or schedules it: readers see a scheduled article from its publish time on. The time is
 * picked in Beijing time (the lists show it so) whatever the browser's zone.
 */
export function PublishArticleModal({
  article,
  onClose,
  onPublished,
}: {
  article: PublishTarget | null;
  onClose(): void;
  onPublished?(): void;
}) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const publish = usePublishArticle();
  const rules = useFormRules(articleOps.publish.body);
  const when = Form.useWatch('when', form);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (article) form.setFieldsValue({ when: 'now', at: undefined });
  }, [article, form]);

  async function submit() {
    if (!article) return;
    const v = await form.validateFields();
    let id = article.id;
    if (article.save) {
      setSaving(true);
      try {
        id = await article.save();
      } finally {
        setSaving(false);
      }
    }
    // Refused (the request layer said why): the dialog stays open.
    if (id === null) return;
    await publish.mutateAsync({
      id,
      publishAt: v.when === 'later' && v.at ? beijingInstant(v.at.second(0).millisecond(0)) : undefined,
    });
    void message.success(
      v.when === 'later'
        ? t('article.msg.scheduled', { at: v.at!.format('YYYY-MM-DD HH:mm') })
        : t('article.msg.published'),
    );
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
      confirmLoading={saving || publish.isPending}
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
              // Optional in the request (absent: now); a scheduled publication needs it, in the future.
              ...rules('publishAt', t('article.publishAt'), {
                required: true,
                choice: true,
                toRequest: (at) => (at ? beijingInstant(at as Dayjs) : at),
              }),
              {
                validator: async (_, at: Dayjs | undefined) => {
                  if (at && Date.parse(beijingInstant(at)) <= Date.now())
                    throw new Error(t('article.rules.publishAtFuture'));
                },
              },
            ]}
          >
            <BeijingDatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(beijingToday(), 'day')}
              style={{ width: 240 }}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
