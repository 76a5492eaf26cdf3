import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
