import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.KINDRED_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
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
