# Groeipad in production (D45), built with the same steps CI runs (.ci/production-check):
#   npm ci && npm run build && npm ci --omit=dev, then `npm run serve`.
# Configure with environment variables (README "Production"): DATABASE_URL, the S3_* settings,
# JWT_SECRET, PUBLIC_URL, SMTP_URL, MOLLIE_API_KEY, METRICS_TOKEN.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build \
  && npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/actuator/health/readiness').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# npm passes SIGTERM on to the server (`exec` in the script), which drains and stops within 10 s.
STOPSIGNAL SIGTERM
CMD ["npm", "run", "serve"]
