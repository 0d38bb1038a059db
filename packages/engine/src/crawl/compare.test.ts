// The crawl comparison's rules (the CLI's --compare; the server runs the same as queries, store.test.ts).
import { describe, expect, it } from 'vitest'
import { compareCrawls, comparisonRefusal } from './compare.ts'

describe('compareCrawls', () => {
  it('counts issue URLs new, fixed and still present per type, pages added and gone, status changes', () => {
    const previous = {
      issues: [
        { type: 'broken-link', urls: ['/x', '/z'] },
        { type: 'deep-page', urls: ['/d'] },
      ],
      pages: [
        { url: '/', status: 200 },
        { url: '/x', status: 404 },
        { url: '/z', status: 404 },
        { url: '/old', status: 200 },
        { url: '/d', status: 200 },
      ],
    }
    const current = {
      issues: [{ type: 'broken-link', urls: ['/y', '/z'] }],
      pages: [
        { url: '/', status: 200 },
        { url: '/x', status: 200 },
        { url: '/z', status: 404 },
        { url: '/y', status: 404 },
        { url: '/d', status: 301 },
      ],
    }
    expect(compareCrawls(previous, current)).toEqual({
      issues: [
        { type: 'broken-link', new: 1, fixed: 1, still: 1 },
        { type: 'deep-page', new: 0, fixed: 1, still: 0 },
      ],
      newIssues: 1,
      fixedIssues: 2,
      pagesAdded: 1,
      pagesGone: 1,
      statusChanges: [
        { url: '/d', before: 200, after: 301 },
        { url: '/x', before: 404, after: 200 },
      ],
      statusChangeCount: 2,
    })
  })
})

describe('comparisonRefusal', () => {
  it('refuses crawls that read pages differently (rendered against raw HTML), in either order', () => {
    expect(comparisonRefusal('rendered', 'raw')).toEqual({
      reason: 'render-mode',
      previous: 'rendered',
      current: 'raw',
    })
    expect(comparisonRefusal('raw', 'rendered')).toMatchObject({ reason: 'render-mode' })
    expect(comparisonRefusal('raw', 'raw')).toBeNull()
    expect(comparisonRefusal('rendered', 'rendered')).toBeNull()
  })
})
