/**
 * The interactive SEO + AIO checklist (spec §3): four sections, 19 items. Links point at glossary
 * terms (slugs of features/glossary/data.ts; a unit test checks they exist).
 */
import type { Bilingual } from './content-kit.ts'

export type ChecklistRelevance = 'SEO' | 'AIO'
type ChecklistIcon = 'foundation' | 'content' | 'authority' | 'user'

interface ChecklistItemData {
  title: Bilingual
  description: Bilingual
  relevance: ChecklistRelevance[]
  link?: { text: Bilingual; glossary: string }
}

export interface ChecklistSectionData {
  id: 'fundamentos' | 'conteudo' | 'autoridade' | 'usuario'
  title: Bilingual
  icon: ChecklistIcon
  items: ChecklistItemData[]
}

export const checklistSections: readonly ChecklistSectionData[] = [
  {
    id: 'fundamentos',
    title: { pt: 'Fundamentos técnicos', en: 'Technical foundations' },
    icon: 'foundation',
    items: [
      {
        title: {
          pt: 'As páginas importantes respondem 200 e são indexáveis',
          en: 'Important pages answer 200 and are indexable',
        },
        description: {
          pt: 'Sem meta robots "noindex" esquecida, sem cadeias de redirecionamentos e com um URL canónico que aponta para a própria página.',
          en: 'No forgotten "noindex" meta robots, no redirect chains, and a canonical URL that points at the page itself.',
        },
        relevance: ['SEO', 'AIO'],
        link: { text: { pt: 'O que é crawlability', en: 'What crawlability is' }, glossary: 'crawlability' },
      },
      {
        title: {
          pt: 'robots.txt permite motores de pesquisa e rastreadores de pesquisa de IA',
          en: 'robots.txt allows search engines and AI search crawlers',
        },
        description: {
          pt: 'Verifique que não bloqueia o Googlebot, o Bingbot, o OAI-SearchBot, o Claude-SearchBot e o PerplexityBot. Bloquear os rastreadores de treino é uma escolha à parte.',
          en: 'Check that it does not block Googlebot, Bingbot, OAI-SearchBot, Claude-SearchBot and PerplexityBot. Blocking training crawlers is a separate choice.',
        },
        relevance: ['SEO', 'AIO'],
        link: { text: { pt: 'Guia do robots.txt', en: 'robots.txt explained' }, glossary: 'robots-txt' },
      },
      {
        title: {
          pt: 'Sitemap XML publicado e indicado no robots.txt',
          en: 'XML sitemap published and listed in robots.txt',
        },
        description: {
          pt: 'Só com URLs canónicos que respondem 200; em sites multilingues, com as alternativas hreflang de cada página.',
          en: 'Only canonical URLs that answer 200; on multilingual sites, with the hreflang alternates of each page.',
        },
        relevance: ['SEO'],
      },
      {
        title: {
          pt: 'HTTPS em todo o site, sem conteúdo misto',
          en: 'HTTPS across the site, with no mixed content',
        },
        description: {
          pt: 'O HTTP redireciona para HTTPS com um único 301 e nenhuma imagem, script ou folha de estilo é carregada por HTTP.',
          en: 'HTTP redirects to HTTPS with a single 301 and no image, script or stylesheet loads over HTTP.',
        },
        relevance: ['SEO'],
      },
      {
        title: { pt: 'Core Web Vitals dentro dos limites', en: 'Core Web Vitals within the thresholds' },
        description: {
          pt: 'LCP até 2,5 s, INP até 200 ms (substituiu o FID, 100 ms, em 2024) e CLS até 0,1, em telemóvel e em desktop.',
          en: 'LCP up to 2.5 s, INP up to 200 ms (it replaced FID, 100 ms, in 2024) and CLS up to 0.1, on mobile and desktop.',
        },
        relevance: ['SEO'],
        link: {
          text: { pt: 'Core Web Vitals explicadas', en: 'Core Web Vitals explained' },
          glossary: 'core-web-vitals',
        },
      },
    ],
  },
  {
    id: 'conteudo',
    title: { pt: 'Conteúdo', en: 'Content' },
    icon: 'content',
    items: [
      {
        title: {
          pt: 'Título único e descritivo em cada página',
          en: 'A unique, descriptive title on every page',
        },
        description: {
          pt: 'Entre 30 e 60 caracteres, com o tema principal no início e sem repetir o mesmo título noutras páginas.',
          en: 'Between 30 and 60 characters, with the main topic first and not repeated on other pages.',
        },
        relevance: ['SEO'],
        link: {
          text: { pt: 'Como o título aparece na SERP', en: 'How titles show on the SERP' },
          glossary: 'serp',
        },
      },
      {
        title: { pt: 'Meta descrição que resume a página', en: 'A meta description that sums up the page' },
        description: {
          pt: 'Entre 120 e 160 caracteres, escrita para convencer quem lê o resultado a clicar.',
          en: 'Between 120 and 160 characters, written to convince the reader of the result to click.',
        },
        relevance: ['SEO'],
      },
      {
        title: { pt: 'Um H1 e títulos por ordem', en: 'One H1 and headings in order' },
        description: {
          pt: 'Um único H1 com o tema da página; H2 e H3 sem saltar níveis, para que pessoas e máquinas percebam a estrutura.',
          en: 'A single H1 with the topic of the page; H2 and H3 without skipping levels, so people and machines understand the structure.',
        },
        relevance: ['SEO', 'AIO'],
      },
      {
        title: {
          pt: 'Perguntas como títulos, respostas diretas logo a seguir',
          en: 'Questions as headings, direct answers right after',
        },
        description: {
          pt: 'A primeira frase depois de um título em forma de pergunta responde-lhe em 40 a 60 palavras; o detalhe vem depois.',
          en: 'The first sentence after a question heading answers it in 40 to 60 words; the detail comes after.',
        },
        relevance: ['SEO', 'AIO'],
        link: { text: { pt: 'Featured snippets', en: 'Featured snippets' }, glossary: 'featured-snippet' },
      },
      {
        title: {
          pt: 'Texto legível, visível sem JavaScript',
          en: 'Readable text, visible without JavaScript',
        },
        description: {
          pt: 'Frases curtas, parágrafos de poucas linhas e o conteúdo principal no HTML servido, porque muitos rastreadores de IA não executam JavaScript.',
          en: 'Short sentences, paragraphs of a few lines and the main content in the served HTML, because many AI crawlers do not run JavaScript.',
        },
        relevance: ['AIO'],
        link: { text: { pt: 'O que é AIO', en: 'What AIO is' }, glossary: 'aio' },
      },
      {
        title: { pt: 'Imagens com texto alternativo', en: 'Images with alternative text' },
        description: {
          pt: 'Um alt que descreve o que a imagem mostra; alt vazio apenas nas imagens decorativas.',
          en: 'An alt that describes what the image shows; an empty alt only on decorative images.',
        },
        relevance: ['SEO', 'AIO'],
      },
    ],
  },
  {
    id: 'autoridade',
    title: { pt: 'Autoridade e confiança', en: 'Authority and trust' },
    icon: 'authority',
    items: [
      {
        title: { pt: 'Autor identificado e datas visíveis', en: 'A named author and visible dates' },
        description: {
          pt: 'Nome do autor com ligação para uma página sobre ele, data de publicação e data da última atualização.',
          en: 'The author name linking to a page about them, the publication date and the date of the last update.',
        },
        relevance: ['SEO', 'AIO'],
        link: { text: { pt: 'O que é E-E-A-T', en: 'What E-E-A-T is' }, glossary: 'e-e-a-t' },
      },
      {
        title: { pt: 'Dados estruturados da organização', en: 'Organisation structured data' },
        description: {
          pt: 'JSON-LD Organization (ou LocalBusiness) com nome, logótipo, contacto e sameAs para os perfis oficiais.',
          en: 'Organization (or LocalBusiness) JSON-LD with name, logo, contact and sameAs to the official profiles.',
        },
        relevance: ['SEO', 'AIO'],
        link: { text: { pt: 'Schema markup', en: 'Schema markup' }, glossary: 'schema-markup' },
      },
      {
        title: {
          pt: 'Factos com fonte: números, citações e referências',
          en: 'Facts with a source: numbers, quotes and references',
        },
        description: {
          pt: 'Estatísticas com a origem indicada, citações de especialistas e ligações para as fontes dão razões para confiar e citar.',
          en: 'Statistics with their origin, quotations from experts and links to sources give reasons to trust and cite.',
        },
        relevance: ['AIO'],
        link: { text: { pt: 'O estudo GEO', en: 'The GEO study' }, glossary: 'geo' },
      },
      {
        title: {
          pt: 'Nome, morada e contactos iguais em todo o lado',
          en: 'The same name, address and contacts everywhere',
        },
        description: {
          pt: 'Os mesmos dados no site, no Perfil da Empresa no Google, nas redes sociais e nos diretórios, para que motores e modelos não confundam a sua marca.',
          en: 'The same details on the site, the Google Business Profile, social networks and directories, so engines and models do not confuse your brand.',
        },
        relevance: ['SEO', 'AIO'],
      },
    ],
  },
  {
    id: 'usuario',
    title: { pt: 'Experiência do utilizador', en: 'User experience' },
    icon: 'user',
    items: [
      {
        title: { pt: 'Preparado para telemóveis', en: 'Ready for mobile' },
        description: {
          pt: 'Meta viewport com width=device-width, texto legível sem zoom e zoom permitido.',
          en: 'A meta viewport with width=device-width, text readable without zooming, and zoom allowed.',
        },
        relevance: ['SEO'],
      },
      {
        title: { pt: 'Ligações claras e rastreáveis', en: 'Clear, crawlable links' },
        description: {
          pt: 'Elementos <a> com href real e texto que diz para onde vão, em vez de "clique aqui" ou botões só com JavaScript.',
          en: '<a> elements with a real href and text that says where they go, instead of "click here" or JavaScript-only buttons.',
        },
        relevance: ['SEO', 'AIO'],
      },
      {
        title: { pt: 'HTML semântico', en: 'Semantic HTML' },
        description: {
          pt: 'header, nav, main, article e footer em vez de divs genéricas, para que leitores de ecrã e modelos encontrem o conteúdo principal.',
          en: 'header, nav, main, article and footer instead of generic divs, so screen readers and models find the main content.',
        },
        relevance: ['AIO'],
      },
      {
        title: { pt: 'Acessível com teclado e bom contraste', en: 'Keyboard accessible with good contrast' },
        description: {
          pt: 'Todos os controlos alcançáveis com Tab, foco visível, campos com etiquetas e contraste de texto de pelo menos 4,5:1.',
          en: 'Every control reachable with Tab, visible focus, labelled fields and text contrast of at least 4.5:1.',
        },
        relevance: ['SEO'],
      },
    ],
  },
]
