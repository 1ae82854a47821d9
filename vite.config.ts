import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the member server listens here and answers every API base.
const MEMBER_SERVER = 'http://127.0.0.1:3001';
const proxiedPaths = ['/app-api', '/api', '/oauth-api', '/oauth', '/dev', '/healthz'];

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: MEMBER_SERVER, changeOrigin: false }])),
  },
});
