import { describe, expect, it } from 'vitest'
import { isInside } from './folder.ts'

describe('a log folder inside the root', () => {
  it.each([
    ['/srv/logs', '/srv/logs', true],
    ['/srv/logs', '/srv/logs/nginx/exemplo.pt', true],
    ['/srv/logs', '/srv/logs/..hidden', true],
    ['/srv/logs', '/srv/logs-other', false],
    ['/srv/logs', '/srv', false],
    ['/srv/logs', '/etc/passwd', false],
    ['/', '/anything', true],
  ])('%s ⊇ %s: %s', (root, real, inside) => {
    expect(isInside(root, real)).toBe(inside)
  })
})
