// Tour videos: streamed upload checked by its bytes, facts by ffprobe, a web MP4 with a poster, and
// range serving. The API call, the job table and storage are wired elsewhere.
export {
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_MESSAGES,
  VideoUploadError,
  type VideoContainer,
} from "./errors.ts";
export { sniffVideo } from "./sniff.ts";
export { streamVideoUpload, type StreamedUpload, type StreamUploadOptions } from "./multipart-stream.ts";
export { probeVideo, type VideoFacts, type ProbeOptions } from "./probe.ts";
export { transcodeForWeb, type WebVideo, type TranscodeOptions } from "./transcode.ts";
export { fileRangeResponse, type FileResponseOptions } from "./range.ts";
