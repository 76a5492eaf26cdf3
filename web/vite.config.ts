import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads } from './build/route-preloads';

export default defineConfig({
  plugins: [
    react(),
    // The public screens people arrive at from search or a shared link; the default paths (a studio's own class_packages_path gets no hint).
    routePreloads({
      '/paquetes': 'src/features/shop/shop-screen.tsx',
      '/calendario': 'src/features/schedule/schedule-screen.tsx',
      '/avisos': 'src/features/announcements/announcements-screen.tsx',
      '/ubicacion': 'src/features/location/location-screen.tsx',
      '/preguntas-frecuentes': 'src/features/faq/faq-screen.tsx',
    }),
  ],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router load on every route: one chunk instead of the pieces lazy routes would cut them into (each piece compresses apart, so the landing paid more).
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    // The hosting emulator rewrites /api/** to the function, exactly as production hosting does.
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
