// Types of ./metrics-server.js (plain JavaScript: server.js loads it without the build).
import type { Server } from "node:http";

export interface RenderedMetrics {
  contentType: string;
  body: string;
}

export function metricsAddress(env?: NodeJS.ProcessEnv): { port: number; host: string } | null;

export function startMetricsServer(options: {
  port: number;
  host?: string;
  render: () => Promise<RenderedMetrics>;
}): Promise<Server>;

export function serveMetrics(
  render: () => Promise<RenderedMetrics>,
  env?: NodeJS.ProcessEnv,
): Promise<Server | null>;
