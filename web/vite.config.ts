import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentSecurityPolicy } from './build/content-security-policy';
import { routePreloads } from './build/route-preloads';

export default defineConfig({
  plugins: [
    react(),
    // The public screens people arrive at from search or a shared link; the default paths (a studio's own class_packages_path gets no hint).
    // `reads`: public reads the screen starts with, answered the same to everyone (never one that depends on who asks);
    // `images`: the first few images one of them names (the shop's cards, the largest thing on a phone's screen).
    routePreloads({
      '/paquetes': {
        screen: 'src/features/shop/shop-screen.tsx',
        reads: ['/class_packages'],
        images: { read: '/class_packages', list: 'class_packages', src: ['image', 'src'], max: 3 },
      },
      '/calendario': { screen: 'src/features/schedule/schedule-screen.tsx', reads: ['/locations', '/instructors'] },
      '/avisos': 'src/features/announcements/announcements-screen.tsx',
      '/ubicacion': 'src/features/location/location-screen.tsx',
      '/preguntas-frecuentes': 'src/features/faq/faq-screen.tsx',
    }),
    // Last: it hashes the inline scripts the plugins above wrote into index.html.
    contentSecurityPolicy(),
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
