import { describe, expect, it } from 'vitest'
import { page, verdict } from './test-utils.ts'
import { isMobileOptimized, metaViewport, viewport } from './viewport.ts'

const vp = (content: string) => page(`<meta name="viewport" content="${content}">`)

describe('viewport', () => {
  it('passes width=device-width or initial-scale=1 alone', () => {
    expect(verdict(viewport, vp('width=device-width, initial-scale=1'))).toBe('pass')
    expect(verdict(viewport, vp('initial-scale=1'))).toBe('pass')
    expect(verdict(viewport, vp('width=device-width; initial-scale=1'))).toBe('pass')
  })
  it('fails without a viewport, with a fixed width or a shrinking scale', () => {
    expect(verdict(viewport, page(''))).toBe('fail')
    expect(verdict(viewport, vp('width=1024'))).toBe('fail')
    expect(verdict(viewport, vp('width=device-width, initial-scale=0.5'))).toBe('fail')
    expect(isMobileOptimized('')).toBe(false)
  })
})

describe('meta-viewport (axe rule, zoom)', () => {
  it('passes when zooming is allowed', () => {
    expect(verdict(metaViewport, vp('width=device-width, initial-scale=1'))).toBe('pass')
    expect(verdict(metaViewport, vp('width=device-width, maximum-scale=5, user-scalable=yes'))).toBe('pass')
  })
  it('fails user-scalable=no or 0 and maximum-scale below 2', () => {
    expect(verdict(metaViewport, vp('width=device-width, user-scalable=no'))).toBe('fail')
    expect(verdict(metaViewport, vp('width=device-width, user-scalable=0'))).toBe('fail')
    expect(verdict(metaViewport, vp('width=device-width, maximum-scale=1'))).toBe('fail')
    expect(verdict(metaViewport, vp('width=device-width, maximum-scale=1.9'))).toBe('fail')
  })
  it('warns for maximum-scale from 2 to under 5 (WCAG advice)', () => {
    expect(verdict(metaViewport, vp('width=device-width, maximum-scale=2'))).toBe('warn')
    expect(verdict(metaViewport, vp('width=device-width, maximum-scale=4.9'))).toBe('warn')
  })
  it('is not applicable without a viewport', () => expect(verdict(metaViewport, page(''))).toBe('na'))
})
