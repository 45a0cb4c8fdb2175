import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://localhost:3000';

const PDF_ONLY = ['/pdf-lib/', '/@pdf-lib/', '/pako/', '/@fontsource/noto-emoji/'];

const toServer: ProxyOptions = { target: API_ORIGIN };
// NOTE: /dev/emails is a client page while /dev/* data endpoints live on the server, so page
// navigations (which ask for HTML) stay with Vite and everything else goes to the server.
const devToServer: ProxyOptions = {
  target: API_ORIGIN,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Large, rarely changing libraries get their own cacheable chunks.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          // The PDF export's libraries and font stay in its chunk, loaded when a PDF is asked for.
          if (PDF_ONLY.some((name) => id.includes(name))) return undefined;
          if (id.includes('firebase')) return 'firebase';
          if (id.includes('@apollo') || id.includes('graphql')) return 'apollo';
          if (id.includes('react-bootstrap') || id.includes('@restart') || id.includes('@popperjs'))
            return 'bootstrap';
          return 'vendor';
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': toServer,
      '/api': toServer,
      '/app-config.json': toServer,
      '/healthz': toServer,
      '/dev': devToServer,
    },
  },
});
