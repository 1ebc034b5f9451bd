import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * React and its router: on every page, changed rarely, so one long-cached chunk.
 * Ant Design and ECharts have no group on purpose: a group would pull every part of them any page
 * uses into one chunk that the first screen has to load; left alone, each route's chunk and the
 * chunks shared between routes carry only the components they import (docs/first-screen.md).
 */
const VENDOR_CHUNKS: ReadonlyArray<{ name: string; test: RegExp }> = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
];

/** What the server sends compressed: the hashed scripts, styles and images under assets/. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/;
/** Below this, compressing saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `<asset>.br` and `<asset>.gz` beside each compressible asset once the bundle is on disk,
 * at maximum quality (the server picks one by Accept-Encoding and never compresses assets itself).
 * A variant is written only when it is smaller than the asset.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'monitoring:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const path = join(assets, name);
        const raw = readFileSync(path);
        if (raw.length < MIN_BYTES) continue;
        const variants = {
          br: brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
        };
        for (const [ext, data] of Object.entries(variants)) {
          if (data.length < raw.length) writeFileSync(`${path}.${ext}`, data);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route needs (web/scripts/route-weight.mjs reads it).
    manifest: true,
    rolldownOptions: {
      // packages/contracts is a barrel of zod schemas built at module load: declared free of side
      // effects, a chunk gets only the contract modules it imports from, not all of them.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          // antd's rc-component packages declare nothing, so a barrel import (antd's form context takes
          // FormProvider from @rc-component/form's index) kept all of it: the whole form engine with
          // its validator rode in the signed-in layout (~11 KB brotli). A module is now dropped only when
          // nothing of it is used; one that is used still runs what it does at load (the picker's dayjs plugins).
          { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Rolldown's successor of Rollup's manualChunks.
        codeSplitting: {
          groups: VENDOR_CHUNKS.map((group, index) => ({ ...group, priority: VENDOR_CHUNKS.length - index })),
        },
      },
    },
  },
});
