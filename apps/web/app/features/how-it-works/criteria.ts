/**
 * What Farol's engine really evaluates, as shown on the how-it-works page. The on-page SEO list mirrors
 * `seoChecks` of packages/engine/src/seo/index.ts by finding id (criteria.test.ts compares them), so the
 * "more than 20 SEO metrics" claim holds only while the engine runs more than 20 checks.
 */
import type { Bilingual } from '../guides/content-kit.ts'

export interface Criterion {
  id: string
  label: Bilingual
}

/** On-page checks, one per engine check, in the engine's report order. */
export const seoCriteria: readonly Criterion[] = [
  { id: 'http-status-code', label: { pt: 'Código de estado HTTP', en: 'HTTP status code' } },
  { id: 'redirect-chain', label: { pt: 'Cadeias de redirecionamentos', en: 'Redirect chains' } },
  {
    id: 'is-crawlable',
    label: {
      pt: 'Página indexável (meta robots, X-Robots-Tag)',
      en: 'Indexable page (meta robots, X-Robots-Tag)',
    },
  },
  {
    id: 'crawl-directives',
    label: {
      pt: 'Robôs de pesquisa bloqueados (Googlebot, nofollow)',
      en: 'Blocked search crawlers (Googlebot, nofollow)',
    },
  },
  { id: 'robots-txt', label: { pt: 'robots.txt válido', en: 'Valid robots.txt' } },
  { id: 'sitemap', label: { pt: 'Sitemap XML encontrável', en: 'Discoverable XML sitemap' } },
  { id: 'https', label: { pt: 'HTTPS', en: 'HTTPS' } },
  { id: 'mixed-content', label: { pt: 'Conteúdo misto', en: 'Mixed content' } },
  { id: 'document-title', label: { pt: 'Título da página', en: 'Page title' } },
  {
    id: 'title-length',
    label: { pt: 'Comprimento do título (30-60 caracteres)', en: 'Title length (30-60 characters)' },
  },
  { id: 'meta-description', label: { pt: 'Meta descrição', en: 'Meta description' } },
  {
    id: 'meta-description-length',
    label: {
      pt: 'Comprimento da meta descrição (120-160 caracteres)',
      en: 'Meta description length (120-160 characters)',
    },
  },
  { id: 'canonical', label: { pt: 'URL canónico', en: 'Canonical URL' } },
  {
    id: 'canonical-target',
    label: {
      pt: 'Destino do URL canónico (código, redirecionamento, noindex)',
      en: 'Canonical target (status, redirect, noindex)',
    },
  },
  {
    id: 'hreflang',
    label: { pt: 'Alternativas de idioma (hreflang)', en: 'Language alternates (hreflang)' },
  },
  {
    id: 'hreflang-alternates',
    label: {
      pt: 'Conjunto hreflang completo (x-default, recíproco)',
      en: 'Complete hreflang set (x-default, reciprocal)',
    },
  },
  { id: 'html-lang', label: { pt: 'Idioma declarado (html lang)', en: 'Declared language (html lang)' } },
  {
    id: 'viewport',
    label: { pt: 'Preparação para telemóveis (viewport)', en: 'Mobile readiness (viewport)' },
  },
  { id: 'meta-viewport', label: { pt: 'Zoom permitido', en: 'Zoom allowed' } },
  {
    id: 'headings',
    label: { pt: 'Estrutura de títulos (H1 e ordem)', en: 'Heading structure (H1 and order)' },
  },
  { id: 'image-alt', label: { pt: 'Texto alternativo das imagens', en: 'Image alternative text' } },
  { id: 'link-text', label: { pt: 'Texto descritivo das ligações', en: 'Descriptive link text' } },
  { id: 'link-text-generic', label: { pt: 'Texto genérico das ligações', en: 'Generic link text' } },
  { id: 'crawlable-anchors', label: { pt: 'Ligações rastreáveis', en: 'Crawlable links' } },
  {
    id: 'anchor-dead-ends',
    label: { pt: 'Ligações para "#" ou javascript:', en: 'Links to "#" or javascript:' },
  },
  { id: 'links', label: { pt: 'Ligações com nome acessível', en: 'Links with an accessible name' } },
  { id: 'open-graph', label: { pt: 'Etiquetas Open Graph', en: 'Open Graph tags' } },
  { id: 'twitter-card', label: { pt: 'Twitter Card', en: 'Twitter Card' } },
  { id: 'structured-data', label: { pt: 'Dados estruturados JSON-LD', en: 'JSON-LD structured data' } },
  { id: 'word-count', label: { pt: 'Quantidade de texto', en: 'Amount of text' } },
]

/** What the Lighthouse run (desktop and mobile) adds. */
export const lighthouseCriteria: readonly Criterion[] = [
  { id: 'performance', label: { pt: 'Pontuação de desempenho', en: 'Performance score' } },
  { id: 'lcp', label: { pt: 'Largest Contentful Paint (LCP)', en: 'Largest Contentful Paint (LCP)' } },
  { id: 'cls', label: { pt: 'Cumulative Layout Shift (CLS)', en: 'Cumulative Layout Shift (CLS)' } },
  { id: 'tbt', label: { pt: 'Total Blocking Time (TBT)', en: 'Total Blocking Time (TBT)' } },
  { id: 'fcp', label: { pt: 'First Contentful Paint (FCP)', en: 'First Contentful Paint (FCP)' } },
  { id: 'speed-index', label: { pt: 'Speed Index', en: 'Speed Index' } },
  { id: 'accessibility', label: { pt: 'Acessibilidade', en: 'Accessibility' } },
  { id: 'best-practices', label: { pt: 'Boas práticas', en: 'Best practices' } },
  {
    id: 'opportunities',
    label: {
      pt: 'Oportunidades de melhoria com poupança estimada',
      en: 'Improvement opportunities with estimated savings',
    },
  },
]

/** The AIO signals (packages/engine/src/aio), none of which needs a language model. */
export const aioCriteria: readonly Criterion[] = [
  {
    id: 'readability',
    label: {
      pt: 'Legibilidade (Flesch em inglês, Martins em português), frases e parágrafos',
      en: 'Readability (Flesch for English, Martins for Portuguese), sentences and paragraphs',
    },
  },
  {
    id: 'crawler-view',
    label: { pt: 'Texto visível sem JavaScript', en: 'Text visible without JavaScript' },
  },
  {
    id: 'robots',
    label: {
      pt: 'Regras do robots.txt para rastreadores de IA (treino, pesquisa e pedidos de utilizadores)',
      en: 'robots.txt rules for AI crawlers (training, search and user fetches)',
    },
  },
  {
    id: 'entity',
    label: {
      pt: 'Clareza da entidade (Organization, sameAs, nome consistente)',
      en: 'Entity clarity (Organization, sameAs, consistent name)',
    },
  },
  {
    id: 'semantic-html',
    label: { pt: 'HTML semântico e texto estruturado', en: 'Semantic HTML and structured text' },
  },
  {
    id: 'question-headings',
    label: {
      pt: 'Títulos em forma de pergunta com resposta direta',
      en: 'Question headings with direct answers',
    },
  },
  {
    id: 'facts',
    label: {
      pt: 'Factos: estatísticas, citações e referências',
      en: 'Facts: statistics, quotations and references',
    },
  },
  {
    id: 'authorship',
    label: { pt: 'Autoria e frescura (autor, datas)', en: 'Authorship and freshness (author, dates)' },
  },
  {
    id: 'llms-txt',
    label: {
      pt: 'llms.txt (informativo, sem peso na pontuação)',
      en: 'llms.txt (informational, no weight in the score)',
    },
  },
]
