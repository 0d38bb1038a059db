import { describe, expect, it } from 'vitest'
import { fallbackImage, imageAttempt } from './image-attempts.ts'

describe('imageAttempt', () => {
  it('retries the image twice, then shows the local fallback, then nothing', () => {
    const src = '/images/blog/post.svg'
    expect(imageAttempt(src, 0)).toBe(src)
    expect(imageAttempt(src, 1)).toBe(`${src}?retry=1`)
    expect(imageAttempt(src, 2)).toBe(`${src}?retry=2`)
    expect(imageAttempt(src, 3)).toBe(fallbackImage)
    expect(imageAttempt(src, 4)).toBeNull()
    expect(imageAttempt('/x.svg?v=1', 1)).toBe('/x.svg?v=1&retry=1')
  })

  it('goes straight to the fallback when the post has no image', () => {
    expect(imageAttempt(null, 0)).toBe(fallbackImage)
    expect(imageAttempt(null, 1)).toBeNull()
  })
})
