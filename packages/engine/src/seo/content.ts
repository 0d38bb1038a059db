// Page language (declared and detected) and amount of text.
import type { SeoArtifacts } from '../gather/types.ts'
import { pageText, renderedDom } from '../page/dom.ts'
import type { Evidence, Finding } from '../types.ts'
import { extract } from './extract.ts'
import { type CheckMeta, makeFinding, same } from './finding.ts'
import { isKnownPrimaryLanguage, primaryLanguage } from './language.ts'

export const htmlLangMeta: CheckMeta = {
  id: 'html-lang',
  category: 'seo',
  impact: 'medium',
  title: { pt: 'A página declara um idioma válido', en: 'The page declares a valid language' },
  failureTitle: {
    pt: 'A página não declara um idioma válido',
    en: 'The page does not declare a valid language',
  },
  description: {
    pt: 'O atributo lang do elemento <html> diz a leitores de ecrã, tradutores e motores de pesquisa em que idioma está a página (por exemplo lang="pt-PT").',
    en: 'The lang attribute of the <html> element tells screen readers, translators and search engines what language the page is in (e.g. lang="en-GB").',
  },
}

/** Missing or unknown lang fails (axe's html-has-lang / html-lang-valid); a lang that contradicts the text warns. */
export function htmlLang(a: SeoArtifacts): Finding {
  const x = extract(a)
  const declared = x.htmlLang
  const detected = pageText(a.$).language
  const evidence: Evidence[] = [
    { signal: same('<html lang>'), value: declared },
    { signal: { pt: 'língua detetada no texto', en: 'language detected from text' }, value: detected },
  ]
  if (!declared) return makeFinding(htmlLangMeta, 'fail', { evidence })
  if (!isKnownPrimaryLanguage(declared)) {
    return makeFinding(htmlLangMeta, 'fail', {
      evidence,
      detail: {
        pt: `"${declared}" não é um código de idioma conhecido.`,
        en: `"${declared}" is not a known language code.`,
      },
    })
  }
  if (detected && primaryLanguage(declared) !== detected) {
    return makeFinding(htmlLangMeta, 'warn', {
      evidence,
      title: {
        pt: 'O idioma declarado não corresponde ao texto',
        en: 'The declared language does not match the text',
      },
      detail: {
        pt: `A página declara "${declared}", mas o texto parece estar em ${detected === 'pt' ? 'português' : 'inglês'}.`,
        en: `The page declares "${declared}", but the text appears to be in ${detected === 'pt' ? 'Portuguese' : 'English'}.`,
      },
    })
  }
  return makeFinding(htmlLangMeta, 'pass', { evidence })
}

/** Below this a page is thin, or its content only appears after JavaScript runs. */
export const THIN_WORDS = 150

export const wordCountMeta: CheckMeta = {
  id: 'word-count',
  category: 'content',
  impact: 'medium',
  title: { pt: 'A página tem texto suficiente', en: 'The page has enough text' },
  failureTitle: { pt: 'A página tem pouco texto', en: 'The page has little text' },
  description: {
    pt: 'Os motores de pesquisa e os assistentes de IA precisam de texto no HTML para perceber a página. Não há um mínimo oficial; páginas com muito pouco texto raramente respondem a uma pesquisa.',
    en: 'Search engines and AI assistants need text in the HTML to understand the page. There is no official minimum; pages with very little text rarely answer a query.',
  },
}

export function renderedWordCount(a: SeoArtifacts): number | null {
  const rendered = renderedDom(a)
  return rendered === null ? null : pageText(rendered).words
}

export function wordCount(a: SeoArtifacts, rendered: number | null = renderedWordCount(a)): Finding {
  const words = pageText(a.$).words
  const evidence: Evidence[] = [
    {
      signal: { pt: 'palavras no HTML', en: 'words in HTML' },
      value: words,
      target: same(`≥ ${THIN_WORDS}`),
    },
  ]
  if (rendered !== null)
    evidence.push({
      signal: { pt: 'palavras depois do JavaScript', en: 'words after JavaScript' },
      value: rendered,
    })
  if (words >= THIN_WORDS) return makeFinding(wordCountMeta, 'pass', { evidence })
  const jsOnly = rendered !== null && rendered >= THIN_WORDS
  return makeFinding(wordCountMeta, 'warn', {
    evidence,
    title: jsOnly
      ? {
          pt: 'O texto só aparece depois de executar JavaScript',
          en: 'The text only appears after JavaScript runs',
        }
      : undefined,
    detail: jsOnly
      ? {
          pt: `O HTML tem ${words} palavras e a página renderizada ${rendered}. A maioria dos robôs de IA não executa JavaScript.`,
          en: `The HTML has ${words} words and the rendered page ${rendered}. Most AI crawlers do not run JavaScript.`,
        }
      : { pt: `A página tem ${words} palavras.`, en: `The page has ${words} words.` },
  })
}
