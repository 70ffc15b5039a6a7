// The posting form's token (decision 046): made when the form's page is drawn and sent with it, so
// that the same form sent twice is saved once (../repeat-post.ts). Other clients leave it out.
import { z } from "zod";
import { blank } from "./fields";

export const formToken = z.preprocess(
  blank,
  z
    .string()
    .regex(/^[\w-]{16,64}$/, "Invalid form token")
    .optional()
    .describe(
      "Optional. A random token the posting form carries (16 to 64 letters, digits, _ or -): the same owner posting with the same token and title gets the listing the first post saved, not a second one.",
    ),
);
