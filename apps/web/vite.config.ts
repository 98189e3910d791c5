import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/rest-auth': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // jsdom rendering of Mantine is slow on a loaded 2-core machine; the default 5 s is too tight.
    testTimeout: 20_000,
  },
});
