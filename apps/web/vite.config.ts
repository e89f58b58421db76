import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.GROEIPAD_BACKEND ?? 'http://localhost:3000';
const proxied = ['/api', '/actuator', '/locales', '/eula'];

export const config = defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});

export default config;
