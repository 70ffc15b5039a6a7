// Answers of the chat: conversations, messages and unread counts.
import { z } from "zod";
import { count, dateTime, int, named } from "../output";

/** A message; its file and voice note are links that check who asks (never public addresses). */
export const ChatMessage = named(
  "ChatMessage",
  z.object({
    message_id: int,
    sender_id: int,
    receiver_id: int,
    property_id: int,
    /** null once deleted. */
    message: z.string().nullable(),
    file: z
      .object({
        url: z.string(),
        name: z.string().nullable(),
        type: z.string().nullable(),
        size: int.nullable(),
      })
      .nullable(),
    audio: z.object({ url: z.string(), type: z.string().nullable() }).nullable(),
    is_read: z.boolean(),
    is_deleted: z.boolean(),
    created_at: dateTime,
  }),
  "A chat message",
);

/** `get_chats`: one conversation per person and property, latest first. */
export const Chats = z.object({
  chats: z.array(
    z.object({
      user_id: int,
      name: z.string(),
      profile: z.string().nullable(),
      property_id: int,
      title: z.string(),
      slug_id: z.string(),
      last_message: ChatMessage,
      unread: count,
    }),
  ),
  /** Unread messages in all conversations. */
  unread: count,
});

/** `get_messages`: a page of one conversation, newest first, and who and what it is about. */
export const Conversation = z.object({
  messages: z.array(ChatMessage),
  /** Live updates for this page start after this event. */
  last_event_id: count,
  blocked_by_me: z.boolean(),
  blocked_me: z.boolean(),
  other: z.object({ id: int, name: z.string(), profile: z.string().nullable(), is_active: z.boolean() }),
  property: z.object({ id: int, title: z.string(), slug_id: z.string(), is_mine: z.boolean() }),
});

/** The header's badges. */
export const UnreadCounts = z.object({ messages: count, notifications: count });
