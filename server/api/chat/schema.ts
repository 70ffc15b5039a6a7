// Payloads of chat (spec §3 Chat message: message_id, sender_id, receiver_id, message, property_id,
// file, audio; §7 get_chats, get_messages, send_message, delete_chat_message) and its messages (§8).
import { z } from "zod";
import { idOf } from "../contract/ids";
import { limitOffset } from "../contract/pagination";

export const CHAT_MESSAGES = {
  empty: "Please enter a message before sending",
  self: "You cannot send a message to yourself",
  blockedByMe: "You have blocked this person. Unblock them to send messages.",
  blockedMe: "You cannot send messages to this person.",
  notAbout: "Messages about a property are between its owner and the people who ask about it",
  inactive: "This person can no longer receive messages",
  fileType: "Files must be JPEG, PNG or PDF",
  fileSize: "Files must be at most 10 MB",
  audioType: "Voice messages must be WebM, Ogg, MP4, MP3 or WAV audio",
  audioSize: "Voice messages must be at most 5 MB",
  tooLong: "A message must be at most 4000 characters",
  notFound: "Message not found",
  notYours: "You can only delete your own messages",
} as const;

export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_AUDIO_MAX_BYTES = 5 * 1024 * 1024;

/** A browser sends an empty file input as a nameless, empty file: that is no file at all. */
const optionalFile = z.preprocess(
  (v) => (typeof File !== "undefined" && v instanceof File && v.size === 0 && !v.name ? undefined : v),
  z.custom<File>((v) => typeof File !== "undefined" && v instanceof File, "Not a file").optional(),
);

export const sendMessageSchema = z
  .object({
    receiver_id: idOf("receiver_id"),
    property_id: idOf("property_id"),
    message: z.string().trim().max(4000, CHAT_MESSAGES.tooLong).optional(),
    file: optionalFile,
    audio: optionalFile,
  })
  .superRefine((v, ctx) => {
    if (!v.message && !v.file && !v.audio)
      ctx.addIssue({ code: "custom", path: ["message"], message: CHAT_MESSAGES.empty });
  });
export type SendMessageInput = z.output<typeof sendMessageSchema>;

export const getMessagesSchema = z.object({
  user_id: idOf("user_id"),
  property_id: idOf("property_id"),
  page: z.coerce
    .number()
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(100_000, "page is too large")
    .default(1),
  per_page: z.coerce
    .number()
    .int("per_page must be a whole number")
    .min(1, "per_page must be between 1 and 100")
    .max(100, "per_page must be between 1 and 100")
    .default(30),
});

export const getChatsSchema = z.object({ ...limitOffset(20, 100) });

export const deleteMessageSchema = z.object({ message_id: idOf("message_id") });
