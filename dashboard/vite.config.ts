import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { publicApiDocumentPlugin } from '../scripts/build/publicApiDocumentPlugin';

const dashboardDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: dashboardDir,
  plugins: [react(), tailwindcss(), publicApiDocumentPlugin()],
  resolve: {
    alias: { '@core': fileURLToPath(new URL('../core', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // ECharts (its core, the canvas renderer and the chart types the screens use) is one chunk of about 520 kB, loaded
    // only by the signed-in screens that draw charts; no pre-rendered public page fetches it.
    chunkSizeWarningLimit: 600,
  },
  server: {
    // changeOrigin stays false: the API's CSRF origin check compares Origin with the Host header.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
