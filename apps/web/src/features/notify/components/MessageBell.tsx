import { useState } from 'react';
import { Badge, Button, Drawer, Empty, List, Segmented, Skeleton, Space, Tooltip, Typography } from 'antd';
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Message } from '@phjr/contract/notify/messages';
import { useMarkRead, useMessagePage, useUnreadCount } from '../api/messages.ts';
import './message-bell.css';
import { formatDateTime } from '../../../lib/format.ts';
import { messageText } from '../message-text.ts';

type Filter = 'all' | 'unread';

/**
 * The bell in every client's header: the unread count (polled every 30 s and on focus) and a drawer with the
 * latest messages, each with a mark-read action and its link.
 */
export function MessageBell() {
  const { t, i18n } = useTranslation(['platform', 'layout']);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const [current, setCurrent] = useState(1);
  const unread = useUnreadCount();
  const page = useMessagePage({ current, pageSize: 10, read: filter }, open);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const count = unread.data ?? 0;

  function openLink(m: Message) {
    if (!m.readAt) markRead.mutate([m.id]);
    if (m.link) {
      setOpen(false);
      void navigate(m.link);
    }
  }

  return (
    <>
      <Tooltip title={t('layout:client.messages')}>
        <button
          type="button"
          className="phjr-shell-action"
          aria-label={t('layout:client.messagesCount', { count })}
          data-testid="message-bell"
          onClick={() => setOpen(true)}
        >
          <Badge count={count} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 17 }} />
          </Badge>
        </button>
      </Tooltip>
      <Drawer
        title={t('messages.title')}
        open={open}
        onClose={() => setOpen(false)}
        size={420}
        extra={
          <Button
            size="small"
            icon={<CheckOutlined />}
            disabled={count === 0}
            loading={markRead.isPending && markRead.variables === 'all'}
            onClick={() => markRead.mutate('all')}
          >
            {t('messages.readAll')}
          </Button>
        }
      >
        <Segmented<Filter>
          block
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setCurrent(1);
          }}
          options={[
            { value: 'all', label: t('messages.all') },
            { value: 'unread', label: t('messages.unreadWithCount', { count }) },
          ]}
          style={{ marginBottom: 12 }}
        />
        {page.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <List<Message>
            itemLayout="vertical"
            dataSource={page.data?.list ?? []}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(filter === 'unread' ? 'messages.noUnread' : 'messages.empty')}
                />
              ),
            }}
            pagination={
              (page.data?.total ?? 0) > 10
                ? { current, pageSize: 10, total: page.data?.total, size: 'small', simple: true, onChange: setCurrent }
                : false
            }
            renderItem={(m) => (
              <MessageItem
                key={m.id}
                m={m}
                t={t}
                lang={i18n.language}
                onOpen={openLink}
                onRead={(id) => markRead.mutate([id])}
              />
            )}
          />
        )}
      </Drawer>
    </>
  );
}

/** One message, worded in the reader's language from its kind and params (message-text.ts). */
export function MessageItem({
  m,
  t,
  lang,
  onOpen,
  onRead,
}: {
  m: Message;
  t: TFunction;
  lang: string;
  onOpen: (m: Message) => void;
  onRead: (id: number) => void;
}) {
  const { title, content } = messageText(m, t, lang);
  return (
    <List.Item
      className={m.readAt ? 'phjr-message is-read' : 'phjr-message'}
      data-testid="message-item"
      actions={[
        ...(m.link
          ? [
              <Button key="open" type="link" size="small" onClick={() => onOpen(m)}>
                {t('messages.open')}
              </Button>,
            ]
          : []),
        ...(!m.readAt
          ? [
              <Button key="read" type="link" size="small" onClick={() => onRead(m.id)} data-testid="message-read">
                {t('messages.markRead')}
              </Button>,
            ]
          : []),
      ]}
    >
      <List.Item.Meta
        title={
          <Space size={6}>
            {m.readAt ? null : <Badge status="processing" aria-label={t('messages.unread')} />}
            <span>{title}</span>
          </Space>
        }
        description={
          <>
            <Typography.Paragraph className="phjr-message-content" ellipsis={{ rows: 3, expandable: true }}>
              {content}
            </Typography.Paragraph>
            <time dateTime={m.createdAt} className="phjr-message-time">
              {formatDateTime(m.createdAt)}
            </time>
          </>
        }
      />
    </List.Item>
  );
}
