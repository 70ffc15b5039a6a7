// The tour's video: POST virtual-tours/{id}/upload-video takes the file as it arrives (up to
// 200 MB, streamed to disk, checked by its bytes and its length), a background job makes the
// web-friendly MP4 and its poster, and GET virtual-tours/{id}/video serves it with range requests.
// Both addresses stream, so they are routes of their own rather than calls that read a whole body.
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import type { TourVideo as StoredVideo } from "../../db/schema";
import {
  fileRangeResponse,
  probeVideo,
  streamVideoUpload,
  transcodeForWeb,
  VideoUploadError,
  VIDEO_MESSAGES,
} from "../../media/video";
import type { ApiContext, ApiDeps } from "../context";
import { ApiError } from "../envelope";
import { GATES } from "../packages/contract";
import { bearerOf } from "../raw";
import { findByFirebaseId } from "../users/service";
import { enqueueJob, JobFailure, latestJob, subjectOf, type JobRow, type JobTools } from "../../queue/queue";
import { editableTour, readableTour, swapTourMedia, tourById, videoState } from "./service";
import { fileToken } from "../uploads.server";
import { hit } from "../rate-limit";
import { ToolError } from "../../media/video/ffmpeg";
import { storedFileResponse } from "../../media/stored-file-response";

/** The caller as the calls see them, from the bearer token (re-checked: this is a change). */
async function contextOf(deps: ApiDeps, request: Request, recheck: boolean): Promise<ApiContext> {
  const token = bearerOf(request);
  const principal = token ? await deps.auth.verify(token, recheck) : null;
  const user = principal ? await findByFirebaseId(deps.db, principal.uid) : null;
  return { ...deps, principal, user, lang: "en", request, clientIp: "unknown" };
}

const envelope = (status: number, message: string, data: unknown = null, errors?: Record<string, string[]>) =>
  Response.json({ error: status >= 400, message, data, ...(errors ? { errors } : {}) }, { status });

const uploadDir = () => path.join(tmpdir(), "souq-video-uploads");
/** Uploads a person may start in an hour: each keeps up to 200 MB until its job has run. */
export const VIDEO_UPLOAD_LIMIT = { max: 10, windowSeconds: 3600 };

export const VIDEO_UPLOADED = "Video uploaded: it is being prepared for every phone";

export function mountTourVideo(app: Hono, deps: ApiDeps) {
  app.post("/virtual-tours/:id/upload-video", async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
      return envelope(400, "id must be a positive number", null, { id: ["id must be a positive number"] });
    let upload: { path: string } | null = null;
    try {
      // Who is asking and whether they may, before a byte of the body is read.
      const ctx = await contextOf(deps, c.req.raw, true);
      if (!ctx.principal) return envelope(401, "Unauthorized");
      if (!ctx.user) throw new ApiError(403, GATES.profile.message);
      if (!ctx.user.is_active) throw new ApiError(403, GATES.deactivated.message);
      const { tour } = await editableTour(ctx, id);
      await hit(deps.db, { key: `upload-video:${ctx.user.id}`, ...VIDEO_UPLOAD_LIMIT });
      await mkdir(uploadDir(), { recursive: true });
      const received = await streamVideoUpload(c.req.raw, { field: "video", dir: uploadDir() });
      upload = received;
      // The call takes the file and nothing else: a field it would not read is refused by name, as every call does.
      const extra = Object.keys(received.fields);
      if (extra.length) {
        return envelope(
          400,
          `Unknown field: ${extra.join(", ")}`,
          null,
          Object.fromEntries(extra.map((k) => [k, [`upload-video does not take ${k}`]])),
        );
      }
      // Length and streams are known in a moment: a clip that is too long is refused now, not by the job.
      try {
        await probeVideo(received.path);
      } catch (error) {
        // ffprobe giving up on a crafted file (a timeout, endless output) is still the file's fault.
        if (error instanceof ToolError || error instanceof SyntaxError)
          throw new VideoUploadError(400, VIDEO_MESSAGES.unreadable, "video");
        throw error;
      }
      const source = `private/videos/${fileToken()}.${received.container}`;
      await deps.storage.putFile(
        source,
        received.path,
        `video/${received.container === "mov" ? "quicktime" : received.container}`,
      );
      const replaced = await deps.db.transaction(async (tx) => {
        // A newer upload replaces one still waiting: only the latest is prepared.
        const { rows } = await tx.execute<{ id: number; source: string }>(sql`
          update jobs set status = 'failed', error = 'Replaced by a newer upload', finished_at = now(), updated_at = now()
          where kind = 'tour-video' and subject_id = ${tour.id} and status = 'queued' returning id, payload->>'source' as source`);
        await enqueueJob(tx, {
          kind: "tour-video",
          subject_id: tour.id,
          payload: { source, filename: received.filename },
          created_by: ctx.user!.id,
          max_attempts: 2,
        });
        return rows.map((r) => r.source);
      });
      await Promise.all(replaced.map((k) => deps.storage.delete(k).catch(() => {})));
      const job = await latestJob(deps.db, "tour-video", tour.id);
      return envelope(201, VIDEO_UPLOADED, videoState(deps.storage, tour, job));
    } catch (error) {
      if (error instanceof VideoUploadError)
        return envelope(error.status, error.message, null, { video: [error.message] });
      if (error instanceof ApiError) return envelope(error.status, error.message, null, error.errors);
      throw error;
    } finally {
      if (upload) await rm(upload.path, { force: true });
    }
  });

  app.on(["GET", "HEAD"], "/virtual-tours/:id/video", async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
      return envelope(400, "id must be a positive number", null, { id: ["id must be a positive number"] });
    try {
      const ctx = await contextOf(deps, c.req.raw, false);
      const { tour, role } = await readableTour(ctx, await tourById(deps.db, id));
      if (!tour.video) return envelope(404, "This tour has no video yet");
      const options = {
        contentType: "video/mp4",
        // A published tour's video may be kept by any cache; a draft's only by its editor's browser.
        cacheControl:
          role || tour.status !== "published"
            ? "private, max-age=0, must-revalidate"
            : "public, max-age=3600",
      };
      // On this disk the file is read directly; in a bucket it is streamed from there, range by range.
      const file = deps.storage.localPath(tour.video.key);
      return file
        ? await fileRangeResponse(c.req.raw, file, options)
        : await storedFileResponse(c.req.raw, deps.storage, tour.video.key, options);
    } catch (error) {
      if (error instanceof ApiError) return envelope(error.status, error.message, null, error.errors);
      throw error;
    }
  });
}

/** The background half: the owner's file becomes the MP4 every phone plays, and a poster. */
export async function prepareVideo(job: JobRow, deps: ApiDeps, tools: JobTools) {
  const source = String(job.payload.source ?? "");
  // A newer upload for the same tour makes this one pointless (whichever finished last would win).
  const { rows: newer } = await deps.db.execute(
    sql`select 1 from jobs where kind = 'tour-video' and subject_id = ${job.subject_id} and id > ${job.id} and status <> 'failed' limit 1`,
  );
  if (newer.length) {
    await deps.storage.delete(source).catch(() => {});
    return { superseded: true };
  }
  const work = await mkdtemp(path.join(tmpdir(), "souq-video-"));
  try {
    let input = deps.storage.localPath(source);
    if (!input) {
      // A store that is not this disk: the file comes down once for ffmpeg, streamed (up to 200 MB).
      const read = await deps.storage.read(source);
      if (!read) throw new JobFailure("The uploaded video is no longer there: upload it again");
      input = path.join(work, `source${path.extname(source)}`);
      await pipeline(read.body, createWriteStream(input));
    }
    let web;
    try {
      web = await transcodeForWeb(input, work, { signal: tools.signal });
    } catch (error) {
      // A busy machine running out of time may do better later; a file ffmpeg cannot make sense
      // of will not: say so, and let it go.
      if (error instanceof ToolError && error.reason === "timeout" && job.attempts < job.max_attempts)
        throw error;
      await deps.storage.delete(source).catch(() => {});
      throw new JobFailure(error instanceof VideoUploadError ? error.message : VIDEO_MESSAGES.unreadable);
    }
    const key = fileToken();
    // The video stays private (served only through the tour's own address, which checks who may
    // see a draft); its poster is an ordinary picture.
    const video: StoredVideo = {
      key: `private/tours/${key}.mp4`,
      poster: `tours/${key}-poster.jpg`,
      duration: web.durationSeconds,
      width: web.width,
      height: web.height,
      bytes: web.bytes,
    };
    await deps.storage.putFile(video.key, web.mp4Path, "video/mp4");
    await deps.storage.putFile(video.poster, web.posterPath, "image/jpeg");
    // The tour went away meanwhile, or an older video is replaced: its files go.
    const obsolete = await swapTourMedia(deps.db, subjectOf(job), "video", video);
    if (obsolete)
      await Promise.all([obsolete.key, obsolete.poster].map((k) => deps.storage.delete(k).catch(() => {})));
    await deps.storage.delete(source).catch(() => {});
    return { key: video.key, millis: web.millis, bytes: web.bytes, duration: web.durationSeconds };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
