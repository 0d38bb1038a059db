import { describe, expect, it } from 'vitest'
import { imageAlt } from './images.ts'
import { page, run, verdict } from './test-utils.ts'

const body = (imgs: string) => page('', imgs)

describe('image-alt (axe rule)', () => {
  it('passes descriptive and decorative (alt="") images', () => {
    expect(verdict(imageAlt, body('<img src="a.png" alt="Logótipo do Farol"><img src="b.svg" alt="">'))).toBe(
      'pass',
    )
  })
  it('reads the rendered page when Lighthouse rendered it (an image inserted by script), and says so', () => {
    const raw = body('<img src="a.png" alt="ok">')
    expect(run(imageAlt, raw)).toMatchObject({ verdict: 'pass', measuredOn: 'raw' })
    const rendered = run(imageAlt, raw, {
      renderedHtml: body('<img src="a.png" alt="ok"><img src="js.png">'),
    })
    expect(rendered).toMatchObject({ verdict: 'fail', measuredOn: 'rendered' })
    expect(rendered.description.en).toContain('after JavaScript')
  })
  it('fails an image without alt', () => {
    const f = run(imageAlt, body('<img src="a.png" alt="ok"><img src="b.png">'))
    expect(f.verdict).toBe('fail')
    expect(f.evidence.find((e) => e.signal.en === 'images without alt')?.value).toBe(1)
  })
  it('fails alt made only of spaces', () =>
    expect(verdict(imageAlt, body('<img src="a.png" alt=" ">'))).toBe('fail'))
  it('accepts aria-label, title and role=presentation instead of alt', () => {
    expect(verdict(imageAlt, body('<img src="a" aria-label="Mapa">'))).toBe('pass')
    expect(verdict(imageAlt, body('<img src="a" title="Mapa">'))).toBe('pass')
    expect(verdict(imageAlt, body('<img src="a" role="presentation">'))).toBe('pass')
  })
  it('ignores hidden images and is not applicable without images', () => {
    expect(
      verdict(
        imageAlt,
        body('<div aria-hidden="true"><img src="a"></div><img src="b" style="display:none">'),
      ),
    ).toBe('na')
    expect(verdict(imageAlt, body('<p>sem imagens</p>'))).toBe('na')
  })
})
