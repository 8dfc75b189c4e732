import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native or Node-only packages stay external to the server bundle.
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "nodemailer"],
  },
});
