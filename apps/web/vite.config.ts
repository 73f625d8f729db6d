import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkGroupsPlugin, PLANNING } from './vite-chunk-groups';
import { loginShellPlugin } from './vite-login-shell-plugin';

const server = process.env.KINDRED_API ?? 'http://127.0.0.1:8080';
// The first of the two builds only plans the chunks (vite-chunk-groups.ts): it writes nothing.
const planning = Boolean(process.env[PLANNING]);

export default defineConfig({
  // Pre-compressed .gz/.br beside each asset: the server sends them as they are, no CPU per request.
  plugins: [react(), ...(planning ? [] : [compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }), loginShellPlugin(), chunkGroupsPlugin()])],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    // The server reads it to hint each interface's chunks in the page that starts it (http/web-preload.ts).
    manifest: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/member': server,
      '/admin/api': server,
      '/uploads': server,
      '/socket': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
