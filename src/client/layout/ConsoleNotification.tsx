/**
 * react-admin's toast (<Notification>) with errors first (issue 27 item 10): react-admin shows its notifications
 * one after the other, each for 4 s, so an error raised while a success toast is up waited behind it. Here an
 * error or warning (a refusal, spec 8) moves ahead of waiting successes, and a success or info toast on screen
 * is cut short (the toast remounts and takes the error at once). An error on screen is never cut, nor an
 * undoable toast (its mutation commits when it closes).
 */
import { useEffect, useRef, useState } from 'react';
import { Notification, useNotificationContext, type NotificationPayload } from 'react-admin';

const urgent = (n: NotificationPayload | undefined) => n?.type === 'error' || n?.type === 'warning';

export const ConsoleNotification = () => {
  const { notifications, setNotifications } = useNotificationContext();
  const [generation, setGeneration] = useState(0);
  // the toast on screen: the head that last left the queue (react-admin's Notification takes the first)
  const shown = useRef<NotificationPayload | undefined>(undefined);
  const previous = useRef<NotificationPayload[]>([]);
  useEffect(() => {
    const head = previous.current[0];
    if (head && !notifications.includes(head)) shown.current = head;
    previous.current = notifications;
    const first = notifications.findIndex(urgent);
    if (first < 0) return;
    if (first > 0) {
      setNotifications((list) => [...list.filter(urgent), ...list.filter((n) => !urgent(n))]);
      return;
    }
    const current = shown.current;
    if (current && !urgent(current) && !current.notificationOptions?.undoable) {
      shown.current = undefined;
      setGeneration((g) => g + 1);
    }
  }, [notifications, setNotifications]);
  return <Notification key={generation} />;
};
