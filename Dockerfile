# syntax=docker/dockerfile:1
# Dorsal's production image: the README's commands, in three stages.
# Build it with `docker build -t dorsal .`; compose.yaml runs two of it.

# 1. The pages, built with every dependency.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what the server runs with.
FROM node:24-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The server, as the unprivileged `node` user, its data on a volume.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    ENV_FILE=""
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts ./
COPY app ./app
COPY db ./db
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# `npm start` would check the build first; the image holds a fresh one.
CMD ["node", "server.ts"]
