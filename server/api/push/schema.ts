// Payload of the web push calls (spec §7 before-logout (fcm_id), and the FCM token update).
import { z } from "zod";

/** A Firebase Cloud Messaging registration token, as the browser's SDK hands it out (about 160 characters). */
export const fcmTokenSchema = z.object({
  fcm_id: z
    .string({ error: "fcm_id is required" })
    .trim()
    .min(1, "fcm_id is required")
    .max(4096, "fcm_id is too long")
    .regex(/^[\w:.-]+$/, "fcm_id is not a messaging token"),
});
