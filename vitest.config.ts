import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own PGlite (0.5–1 GB): two at a time fit comfortably.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 1_200_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
