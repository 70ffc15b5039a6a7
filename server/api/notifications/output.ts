// Answers about a person's notifications.
import { z } from "zod";
import { count, dateTime, int } from "../output";

export const Notification = z.object({
  id: int,
  /** What happened (e.g. `listing_approved`, `payment_rejected`). */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** The page it is about, if any. */
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: dateTime,
});

export const NotificationList = z.object({ notifications: z.array(Notification), unread: count });

/** `read-notifications`: how many were marked read. */
export const Marked = z.object({ marked: count });
