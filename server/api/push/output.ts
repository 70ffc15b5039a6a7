// Answers about web push tokens.
import { z } from "zod";

export const TokenSaved = z.object({ saved: z.boolean() });
/** Whether the token was on the caller's profile and is gone now. */
export const TokenRemoved = z.object({ removed: z.boolean() });
