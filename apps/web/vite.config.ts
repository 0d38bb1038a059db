import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * Writes `.br` and `.gz` twins of the client's scripts and styles at build time, so the server can
 * send them compressed without compressing on every request (serveStatic `precompressed: true`).
 */
function precompress(): Plugin {
  return {
    name: 'farol:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file)) continue
        const path = join(options.dir, file)
        const data = await readFile(path)
        if (data.length < 1024) continue
        await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }))
        await writeFile(
          `${path}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    sourcemap: process.env.FAROL_SOURCEMAP === '1',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // One framework chunk (React, React Router) instead of several small shared ones: fewer
        // requests and better compression on the first load.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
            },
            // The app shell every page runs (site chrome, i18n, SEO head, analyze wiring), except the
            // parts that load on demand.
            {
              debugName: 'shell',
              name: (id: string) =>
                /app[\\/](lib[\\/]|features[\\/](site-chrome|toasts|ui|seo|analyze)[\\/])/.test(id) &&
                !/mobile-menu-panel|not-found/.test(id)
                  ? 'shell'
                  : null,
            },
          ],
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
})
