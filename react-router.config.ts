import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds (say, two checkouts' test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router 8's behaviour today, so moving to 8 (Node 22) is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
