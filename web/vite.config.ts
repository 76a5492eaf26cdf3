import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // The hosting emulator rewrites /api/** to the function, exactly as production hosting does.
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
