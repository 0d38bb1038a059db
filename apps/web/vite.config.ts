import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    sourcemap: process.env.FAROL_SOURCEMAP === '1',
    modulePreload: { polyfill: false },
    minify: process.env.FAROL_MINIFY === 'esbuild' ? 'esbuild' : true,
  },
  plugins: [tailwindcss(), reactRouter()],
})
