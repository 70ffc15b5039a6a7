import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { firebaseMessagingServiceWorker } from "./scripts/vite-firebase-messaging-sw.ts";
import { productionReactRouter } from "./scripts/vite-production-react-router.ts";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our own handler (API + web app), not the bare React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and Node-only packages stay external in the server bundle.
    external: ["sharp", "@electric-sql/pglite", "pg", "firebase-admin"],
  },
  plugins: [reactRouter(), firebaseMessagingServiceWorker(), productionReactRouter()],
}));
