import { describe, expect, it } from 'vitest'
import { htmlLang, THIN_WORDS, wordCount } from './content.ts'
import { page, run, verdict } from './test-utils.ts'

const ptText =
  '<p>O Farol analisa o seu site e mostra o que pode ser melhorado para que os motores de pesquisa e os assistentes compreendam o conteúdo da página.</p>'
const enText =
  '<p>Farol audits your website and shows what can be improved so that search engines and assistants understand the content of the page.</p>'

describe('html-lang', () => {
  it('passes a valid lang that matches the text', () => {
    expect(verdict(htmlLang, page('', ptText, 'pt-PT'))).toBe('pass')
    expect(verdict(htmlLang, page('', enText, 'en'))).toBe('pass')
  })
  it('fails a missing or unknown lang', () => {
    expect(verdict(htmlLang, '<html><body>x</body></html>')).toBe('fail')
    expect(verdict(htmlLang, page('', ptText, 'portuguese'))).toBe('fail')
  })
  it('warns when the declared language contradicts the text', () => {
    const f = run(htmlLang, page('', ptText, 'en'))
    expect(f.verdict).toBe('warn')
    expect(f.evidence.find((e) => e.signal.en.startsWith('language detected'))?.value).toBe('pt')
  })
})

describe('word-count', () => {
  const words = (n: number) => `<p>${Array.from({ length: n }, () => 'ação').join(' ')}</p>`
  it('passes at the threshold and warns below it', () => {
    expect(verdict(wordCount, page('', words(THIN_WORDS)))).toBe('pass')
    expect(verdict(wordCount, page('', words(THIN_WORDS - 1)))).toBe('warn')
  })
  it('counts accented words and ignores scripts', () => {
    const f = run(wordCount, page('', `${words(3)}<script>var a = 'um dois três'</script>`))
    expect(f.evidence[0]?.value).toBe(3)
  })
  it('says when text only appears after JavaScript', () => {
    const f = run(wordCount, page('', '<div id="app"></div>'), { renderedHtml: page('', words(400)) })
    expect(f.verdict).toBe('warn')
    expect(f.title.en).toContain('JavaScript')
    expect(f.evidence.find((e) => e.signal.en === 'words after JavaScript')?.value).toBe(400)
  })
})
