import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';
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

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|md)$/;
const MIN_BYTES = 1024;

const bundleSize = (output: Rollup.OutputAsset | Rollup.OutputChunk) =>
  output.type === 'chunk' ? Buffer.byteLength(output.code) : Buffer.byteLength(output.source);

/**
 * Writes a Brotli and a gzip copy beside each text file of the build, for the server to send
 * (@fastify/static's `preCompressed`): compressed once here, at the best level, not per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'patentscout-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      // Below about a kilobyte (the flags) compression saves less than a packet.
      const files = Object.keys(bundle).filter(
        (file) => COMPRESSIBLE.test(file) && bundleSize(bundle[file]!) >= MIN_BYTES,
      );
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          await writeFile(
            `${target}.br`,
            await brotli(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          );
          await writeFile(`${target}.gz`, await gzipped(content, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
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
