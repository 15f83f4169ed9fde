# The portal image: the built app and the server bundled into one module
# (server/build.ts: no node_modules) on Node, non-root.
# Kratos and Hydra run from their official images: see docker-compose.yml.
# NODE_IMAGE names the base for a registry of your own, or for the compose
# suite, which builds every image itself (stack/compose/).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY contract ./contract
COPY locales ./locales
COPY server ./server
COPY web ./web
RUN npm run build

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
# Its "type": "module" makes the app's server render (web/dist/ssr/*.js) an ES module.
COPY package.json ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# V8 sizes the young generation from the machine's memory (64 MB on a 24 GiB
# machine) and lets the old one grow to several times what survived its last
# collection: under npm run bench's load the portal peaked at about 320 MB.
# 8 MB semi-spaces and 30 % growth hold it to about 160 MB, for a few points
# more of its CPU in the garbage collector (4 MB semi-spaces saved 4 MB more
# and cost 3 points more); docs/benchmarks.md. To change them, override the
# command: they come after NODE_OPTIONS' and win. stack/portal.ts runs the
# release with them too.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=30", "server/dist/server.mjs"]
