import { createContext, useContext } from 'react';
import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Toasts and notifications bound to the app's theme and locale (the part of antd's App every screen needs). */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

export const FeedbackContext = createContext<Feedback | null>(null);

/**
 * message / notification for any screen, portal included. Client screens may also use antd's App.useApp() (the
 * client shell renders antd's App, which adds modal); the portal does not, to keep its first page light.
 */
export function useFeedback(): Feedback {
  return useContext(FeedbackContext) ?? { message: staticMessage, notification: staticNotification };
}
