# syntax=docker/dockerfile:1
# dipjudge: the compiled judge on Node 24 (LTS), as an unprivileged user, with node as PID 1 through
# tini so SIGTERM reaches the judge (it finishes the mail in hand and exits).
#
#   docker build -t dipjudge .
#   docker run -p 127.0.0.1:8080:8080 -e DATABASE_URL_FILE=/run/secrets/database_url -e IMAP_URL=… -e SMTP_URL=… dipjudge
#
# Port 8080 answers /healthz (Docker's HEALTHCHECK reads it) and the public games site, and /metrics to
# clients inside the container unless DIPJUDGE_METRICS_REMOTE=yes. Passwords: the *_URL_FILE settings.
#
# Without DATABASE_URL the judge keeps its PGlite database in /data (mount a volume there).

# --- build: all dependencies, then the compiled judge in dist/lib --------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts ./scripts
COPY src ./src
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies and the compiled code only ---------------------------------
FROM node:24-bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    DIPJUDGE_DATA_DIR=/data/pglite \
    DIPJUDGE_SPOOL_DIR=/data/spool \
    DIPJUDGE_HTTP_PORT=8080 \
    DIPJUDGE_HTTP_HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/lib ./dist/lib
# What the judge reads at run time: the same folders as package.json's `files` (test/cli/packaging.test.ts).
COPY bin ./bin
COPY fonts ./fonts
COPY maps ./maps
COPY variants ./variants
COPY rolesets ./rolesets
COPY geometry ./geometry
COPY sql ./sql
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# /healthz, /metrics and the read-only games site.
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/dipjudge.js"]
CMD ["serve"]
