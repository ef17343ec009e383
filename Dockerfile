# Sortie's server and web app in one image: the API, the socket and the built web app on one port.
# Build: docker build -t sortie .   Run: see compose.yaml (PostgreSQL, two nodes, Caddy).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@12
COPY . .
# The web app, then the server bundled for node alone (it carries a copy of the web build), then
# the server with its production dependencies only: no TypeScript, no tsx, no workspace at run time.
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @sortie/web build \
 && pnpm --filter @sortie/server build \
 && pnpm --filter @sortie/server deploy --prod /out

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    SORTIE_TRUST_PROXY=1 \
    SORTIE_DRAIN_MS=2000
COPY --from=build /out /app
USER node
EXPOSE 3000
# SIGTERM: /api/ready turns 503, the load balancer stops sending, visits are written, exit within 10 s.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The first admin: docker compose exec sortie-a node dist/admin.mjs create-admin --email …
CMD ["node", "--enable-source-maps", "dist/main.mjs"]
