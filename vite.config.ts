import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      // The server bundle holds every language's texts (i18n/messages/all.ts) beside the
      // browser's loader of one language at a time (index.ts): expected there, not worth a warning.
      onLog(level, log, handler) {
        if (log.code === "INEFFECTIVE_DYNAMIC_IMPORT" && log.message.includes("i18n/messages/")) return;
        handler(level, log);
      },
    },
  },
  ssr: {
    // Native or Node-only packages stay external to the server bundle.
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "nodemailer"],
  },
});
