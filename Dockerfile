# StockPulse API / worker image (distributed mode: stores and Temporal are separate services).
FROM node:22-bookworm-slim AS build
WORKDIR /app
# .npmrc tells onnxruntime-node's install script not to fetch CUDA binaries (the CPU ones are in the package).
COPY package.json package-lock.json .npmrc ./
# The lock cannot list other platforms' native builds (see .ci/run), so fall back to npm install.
RUN npm ci || npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "--import", "tsx", "scripts/start.ts"]
