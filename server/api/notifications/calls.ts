// Notifications (spec §7 get_notification_list), paged, with read and unread.
import { z } from "zod";
import { defineCall } from "../call";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";
import { markRead, notificationsOf } from "./service";
import { Marked, NotificationList } from "./output";

export const getNotificationList = defineCall({
  name: "get_notification_list",
  method: "GET",
  access: "user",
  tag: "notifications",
  summary: "The caller's notifications, newest first, each read or not, with the number unread",
  input: z.object({ ...limitOffset(20, 100) }),
  output: NotificationList,
  total: true,
  async handler(input, ctx) {
    if (!ctx.user) return { data: { notifications: [], unread: 0 }, total: 0 };
    const { rows, total, unread } = await notificationsOf(ctx.db, ctx.user.id, input, ctx.lang);
    return { data: { notifications: rows, unread }, total };
  },
});

export const readNotifications = defineCall({
  name: "read-notifications",
  method: "POST",
  access: "user",
  tag: "notifications",
  summary: "Mark the caller's notifications read: the given ids, or all when none are given",
  input: z.object({ ids: z.array(idOf("ids")).max(200, "At most 200 at a time").optional() }),
  output: Marked,
  async handler(input, ctx) {
    const changed = ctx.user ? await markRead(ctx.db, ctx.user.id, input.ids ?? null) : 0;
    return { data: { marked: changed } };
  },
});
