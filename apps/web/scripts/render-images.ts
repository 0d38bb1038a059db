/**
 * Renders Farol's raster images (favicon.ico, PNG icons, Open Graph image) from SVG/HTML with the
 * system Chromium. Run once after changing the logo: `npx node apps/web/scripts/render-images.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const publicDir = new URL('../public/', import.meta.url)
const logo = readFileSync(new URL('favicon.svg', publicDir), 'utf8')

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage()

async function shot(html: string, width: number, height: number): Promise<Buffer> {
  await page.setViewportSize({ width, height })
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`)
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width, height } })
}

function icon(size: number, padding = 0): Promise<Buffer> {
  const inner = size - padding * 2
  const svg = logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)
  const bg = padding ? 'background:#0b2545;' : ''
  return shot(
    `<div style="${bg}width:${size}px;height:${size}px;display:grid;place-items:center">${svg}</div>`,
    size,
    size,
  )
}

/** An .ico holding one PNG image (supported by every current browser). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(1, 4)
  header.writeUInt8(size % 256, 6)
  header.writeUInt8(size % 256, 7)
  header.writeUInt16LE(1, 10)
  header.writeUInt16LE(32, 12)
  header.writeUInt32LE(png.length, 14)
  header.writeUInt32LE(22, 18)
  return Buffer.concat([header, png])
}

writeFileSync(new URL('favicon.ico', publicDir), ico(await icon(32), 32))
writeFileSync(new URL('apple-touch-icon.png', publicDir), await icon(180, 14))
writeFileSync(new URL('icon-192.png', publicDir), await icon(192))
writeFileSync(new URL('icon-512.png', publicDir), await icon(512))
writeFileSync(new URL('icon-512-maskable.png', publicDir), await icon(512, 80))

const og = `
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:linear-gradient(135deg,#0b2545,#1e3a8a);color:#fff;font-family:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:28px">${logo.replace('<svg ', '<svg width="120" height="120" ')}<span style="font-size:88px;font-weight:800">Farol</span></div>
  <div style="font-size:56px;font-weight:700;line-height:1.15">SEO + AIO</div>
  <div style="font-size:34px;color:#cbd5e1">Auditoria de SEO e otimização para IA · SEO and AI optimisation audit</div>
</div>`
writeFileSync(new URL('og-image.png', publicDir), await shot(og, 1200, 630))

await browser.close()
console.log('images written to', publicDir.pathname)
