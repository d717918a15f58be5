# Build: compile the TypeScript, then drop the dev dependencies (typescript, mocha, tsx).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 is loaded even with EventStoreDB and MongoDB configured; its install falls back to
# compiling when no prebuilt binary matches the platform, and that needs a toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# the typed client is a workspace package (npm ci needs it; the server checks its codecs against its types)
COPY packages ./packages
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
COPY openapi ./openapi
COPY dashboard ./dashboard
RUN npm run build && npm prune --omit=dev

# Run: the same base image, so the native module built above loads here.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
# PDF reports: Debian's Chromium brings the system libraries the packaged one would lack here
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
ENV SVC_CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# the contract served at /api/v1/openapi.json
COPY --from=build /app/openapi ./openapi
# the dashboard's views and stylesheet (rendered and served by the service, no build step)
COPY --from=build /app/dashboard ./dashboard
# the data directory holds generated secrets when none are configured; the service runs unprivileged
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
CMD ["node", "dist/src/main.js"]
