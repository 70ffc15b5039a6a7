// The Content-Type of a stored file from its name: what the disk's static file server would send,
// and what a bucket is told when files are copied into it without the upload that named their type.
const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  pdf: "application/pdf",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  m4a: "audio/mp4",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  wav: "audio/wav",
  glb: "model/gltf-binary",
  gltf: "model/gltf+json",
};

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf(".");
  if (dot < 0 || dot < key.lastIndexOf("/")) return DEFAULT_CONTENT_TYPE;
  return TYPES[key.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
