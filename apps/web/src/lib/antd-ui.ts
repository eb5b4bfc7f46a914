import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { RequestUi } from './runtime.ts';

/** SPEC 9: toasts stay 3 s; notifications close after 1.5 s, 65 px from the top, centred (placement 'top'). */
export const TOAST_SECONDS = 3;
export const NOTIFICATION_SECONDS = 1.5;
export const NOTIFICATION_TOP = 65;

/** For antd's <App notification={...} message={...}>, whose instances ignore the static config. */
export const NOTIFICATION_CONFIG = { placement: 'top', top: NOTIFICATION_TOP, duration: NOTIFICATION_SECONDS } as const;
export const MESSAGE_CONFIG = { duration: TOAST_SECONDS } as const;

let configured = false;

function configureStatics(): void {
  if (configured) return;
  configured = true;
  message.config({ duration: TOAST_SECONDS });
  notification.config(NOTIFICATION_CONFIG);
}

/**
 * The request layer's UI on antd. Without arguments it uses antd's static functions; an app that renders
 * antd's <App> can pass `App.useApp()`'s instances instead so the toasts follow the theme.
 */
export function antdUi(msg?: MessageInstance, notif?: NotificationInstance): RequestUi {
  return {
    warn(text) {
      if (!msg) configureStatics();
      void (msg ?? message).warning({ content: text, duration: TOAST_SECONDS });
    },
    error(text) {
      if (!msg) configureStatics();
      void (msg ?? message).error({ content: text, duration: TOAST_SECONDS });
    },
    notify(title, description) {
      if (!notif) configureStatics();
      (notif ?? notification).error({
        title,
        description,
        placement: 'top',
        duration: NOTIFICATION_SECONDS,
      });
    },
  };
}
