// Limits and messages of tour videos, and the one error type the API turns into a field error.

export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 300;

export const VIDEO_MESSAGES = {
  type: "Videos must be MP4, MOV or WebM",
  bytes: "Videos must be at most 200 MB",
  long: "Videos must be at most 5 minutes",
  unreadable: "This video could not be read",
  missing: "Choose a video to upload",
} as const;

export type VideoContainer = "mp4" | "mov" | "webm";

/** What the owner did wrong, with the HTTP status and the form field the message belongs to. */
export class VideoUploadError extends Error {
  readonly status: 400 | 413;
  readonly field: string;

  constructor(status: 400 | 413, message: string, field: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "VideoUploadError";
    this.status = status;
    this.field = field;
  }
}
