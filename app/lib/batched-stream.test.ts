import { describe, expect, it } from "vitest";
import { batchedStream } from "./batched-stream.server";

const read = (stream: ReturnType<typeof batchedStream>) => {
  const chunks: string[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c.toString()));
  return { chunks, done: new Promise((r) => stream.on("end", r)) };
};

describe("batched page stream", () => {
  it("sends the pieces written in one go together, and each later go's as they come", async () => {
    const stream = batchedStream();
    const { chunks, done } = read(stream);
    stream.write("<html>");
    stream.write(new Uint8Array(Buffer.from("<body>")));
    stream.write("shell");
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(["<html><body>shell"]);
    stream.write("late ");
    stream.end("</html>");
    await done;
    expect(chunks).toEqual(["<html><body>shell", "late </html>"]);
  });

  it("sends a large piece at once and calls the caller's final step", async () => {
    let finished = false;
    const stream = batchedStream({
      final(callback) {
        finished = true;
        callback();
      },
    });
    const { chunks, done } = read(stream);
    stream.write(Buffer.alloc(70 * 1024, "a"));
    stream.end();
    await done;
    expect(chunks.join("").length).toBe(70 * 1024);
    expect(finished).toBe(true);
  });
});
