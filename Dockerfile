# esg serve: the built site and the forms receiver, in one image (docs/deploying.md, "Docker").
# tests/server/production.test.ts runs this file's build steps, environment and command in a
# fresh folder, so what is written here is what is tested.

# Build: production packages only. They are all `esg build` needs: the install compiles the command
# (the `prepare` script, esbuild) and applies patches/ (patch-package); then the site is built
# from content/ into out/, so the image carries the site it serves, with its report PDFs (`--pdf`)
# and the compressed copies esg serve sends (`--compress`).
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source where its prebuilt binary cannot be downloaded; the
# Chromium that npm installs (@sparticuz/chromium) prints the report PDF with the system's NSS.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ libnss3 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund
RUN node bin/esg.js build --pdf --compress --out out && rm -rf node_modules/.cache
# The evidence behind the figures is for the assurer (esg assurance-pack), never for the public host.
RUN rm -rf content/evidence

# Runtime: the installed project and its site, without compilers, run by an unprivileged user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 ESG_OUT_DIR=/app/out ESG_CONTENT_DIR=/app/content ESG_DATA_DIR=/var/lib/esg
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /var/lib/esg && chown node:node /var/lib/esg
# The files of /app stay root's: the server can read them, not change them.
USER node
VOLUME /var/lib/esg
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["node", "deploy/healthcheck.js"]
STOPSIGNAL SIGTERM
CMD ["node", "bin/esg.js", "serve"]
