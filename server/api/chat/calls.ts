// Chat (spec §7): get_chats, get_messages (user_id, property_id, page, per_page), send_message,
// delete_chat_message; and the unread counts the header shows (its path is not shown in the spec).
import { MESSAGE_BODY_BYTES } from "../body-limit";
import { z } from "zod";
import { defineCall } from "../call";
import { member } from "../context";
import { unreadNotifications } from "../notifications/service";
import { deleteMessageSchema, getChatsSchema, getMessagesSchema, sendMessageSchema } from "./schema";
import { conversation, conversations, deleteMessage, sendMessage, unreadCount } from "./service";
import { ChatMessage, Chats, Conversation, UnreadCounts } from "./output";

export const getChats = defineCall({
  name: "get_chats",
  method: "GET",
  access: "user",
  tag: "chat",
  summary:
    "The caller's conversations (one per person and property), latest first, each with its last message and unread count",
  input: getChatsSchema,
  output: Chats,
  total: true,
  async handler(input, ctx) {
    if (!ctx.user) return { data: { chats: [], unread: 0 }, total: 0 };
    const { chats, total, unread } = await conversations(ctx.db, ctx.user.id, input);
    return { data: { chats, unread }, total };
  },
});

export const getMessages = defineCall({
  name: "get_messages",
  method: "GET",
  access: "user",
  tag: "chat",
  summary:
    "One page of the conversation with user_id about property_id, newest first; marks their messages read",
  input: getMessagesSchema,
  output: Conversation,
  total: true,
  errorStatuses: [403, 404],
  async handler(input, ctx) {
    const { messages, total, ...about } = await conversation(ctx.db, member(ctx).id, input);
    return { data: { ...about, messages }, total };
  },
});

export const sendMessageCall = defineCall({
  name: "send_message",
  maxBodyBytes: MESSAGE_BODY_BYTES,
  method: "POST",
  access: "user",
  tag: "chat",
  summary:
    "Send a message (text, a file, a voice message or several) to receiver_id about property_id. Refused between people who blocked each other",
  input: sendMessageSchema,
  output: ChatMessage,
  created: true,
  errorStatuses: [404, 429],
  async handler(input, ctx) {
    return { data: await sendMessage(ctx, member(ctx), input), message: "Message sent", status: 201 };
  },
});

export const deleteChatMessage = defineCall({
  name: "delete_chat_message",
  method: "POST",
  access: "user",
  tag: "chat",
  summary: "Delete one of the caller's own messages; both people see it was deleted",
  input: deleteMessageSchema,
  output: ChatMessage,
  errorStatuses: [404],
  async handler(input, ctx) {
    return {
      data: await deleteMessage(ctx.db, ctx.storage, member(ctx).id, input.message_id),
      message: "Message deleted",
    };
  },
});

export const getUnreadCounts = defineCall({
  name: "get-unread-counts",
  method: "GET",
  access: "optional",
  perPerson: true,
  tag: "chat",
  summary: "How many messages and notifications the caller has not read (the header's badges)",
  input: z.object({}),
  output: UnreadCounts,
  async handler(_input, ctx) {
    if (!ctx.user) return { data: { messages: 0, notifications: 0 } };
    const [messages, notifications] = await Promise.all([
      unreadCount(ctx.db, ctx.user.id),
      unreadNotifications(ctx.db, ctx.user.id),
    ]);
    return { data: { messages, notifications } };
  },
});
