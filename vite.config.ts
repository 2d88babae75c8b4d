import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (npm run dev starts it) listens on API_PORT; Vite proxies every API path to it so
// the browser sees one origin, exactly like production where Fastify serves the built PWA.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8081'}`;

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 8080),
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/validate-license': apiTarget,
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
});
