import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor groups, each its own long-cached chunk. */
const VENDOR_CHUNKS: ReadonlyArray<{ name: string; test: RegExp }> = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'vendor-echarts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/ },
  { name: 'vendor-antd', test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // antd alone is ~550 kB minified; vendor chunks are long-cached, so only warn above that.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // Rolldown's successor of Rollup's manualChunks.
        codeSplitting: {
          groups: VENDOR_CHUNKS.map((group, index) => ({ ...group, priority: VENDOR_CHUNKS.length - index })),
        },
      },
    },
  },
});
