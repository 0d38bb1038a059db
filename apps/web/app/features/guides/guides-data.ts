/**
 * The four guides (spec §3). The checklist guide's content is checklist-data.ts; the other three are
 * sections of numbered items here. Item counts and reading times shown on the cards are computed from
 * this content (guides.ts), so they are always true to the pages.
 */
import type { Bilingual } from './content-kit.ts'

interface GuideItemData {
  title: Bilingual
  text: Bilingual
}

interface GuideSectionData {
  title: Bilingual
  items: GuideItemData[]
}

export interface GuideData {
  slug: string
  title: Bilingual
  description: Bilingual
  relevance: ('SEO' | 'AIO')[]
  intro: Bilingual<string[]>
  sections: GuideSectionData[]
  /** Links to glossary terms shown at the end. */
  glossary: string[]
}

function item(ptTitle: string, ptText: string, enTitle: string, enText: string): GuideItemData {
  return { title: { pt: ptTitle, en: enTitle }, text: { pt: ptText, en: enText } }
}

export const CHECKLIST_SLUG = 'seo-aio-checklist'

export const guides: readonly GuideData[] = [
  {
    slug: CHECKLIST_SLUG,
    title: { pt: 'Checklist SEO + AIO', en: 'SEO + AIO checklist' },
    description: {
      pt: 'Os pontos essenciais para ser encontrado no Google e citado por assistentes de IA, numa lista interativa que guarda o seu progresso.',
      en: 'The essentials for being found on Google and cited by AI assistants, in an interactive list that keeps your progress.',
    },
    relevance: ['SEO', 'AIO'],
    intro: { pt: [], en: [] },
    sections: [],
    glossary: [],
  },
  {
    slug: 'estrutura-conteudo',
    title: {
      pt: 'Estrutura de conteúdo para pessoas, Google e IA',
      en: 'Content structure for people, Google and AI',
    },
    description: {
      pt: 'Como organizar uma página para que seja fácil de ler, de indexar e de citar: títulos, respostas diretas, listas, dados e autoria.',
      en: 'How to organise a page so it is easy to read, index and cite: headings, direct answers, lists, data and authorship.',
    },
    relevance: ['SEO', 'AIO'],
    intro: {
      pt: [
        'Uma boa estrutura serve três leitores ao mesmo tempo: a pessoa que lê na diagonal, o motor de pesquisa que tenta perceber o tema e o modelo de linguagem que procura uma frase para citar. Os três dão valor às mesmas coisas: um tema claro, títulos que descrevem o que vem a seguir e respostas que não obrigam a ler tudo.',
        'Este guia reúne 18 práticas, agrupadas por fase. Use-as ao escrever uma página nova e ao rever as que já tem.',
      ],
      en: [
        'A good structure serves three readers at once: the person skimming, the search engine trying to understand the topic and the language model looking for a sentence to cite. All three value the same things: a clear topic, headings that describe what follows and answers that do not require reading everything.',
        'This guide gathers 18 practices, grouped by phase. Use them when writing a new page and when reviewing the ones you have.',
      ],
    },
    sections: [
      {
        title: { pt: 'Antes de escrever', en: 'Before writing' },
        items: [
          item(
            'Um tema e uma intenção por página',
            'Decida a pergunta principal a que a página responde e para quem. Duas intenções diferentes (aprender e comprar, por exemplo) pedem duas páginas.',
            'One topic and one intent per page',
            'Decide the main question the page answers and for whom. Two different intents (learning and buying, for example) call for two pages.',
          ),
          item(
            'Liste as perguntas reais do público',
            'Recolha perguntas de clientes, da caixa "Outras perguntas" do Google e dos assistentes de IA. Elas vão ser os seus títulos.',
            "List your audience's real questions",
            'Collect questions from customers, from Google\'s "People also ask" box and from AI assistants. They will become your headings.',
          ),
          item(
            'Defina as entidades da página',
            'Nomeie com precisão o produto, a organização, o lugar ou a pessoa de que fala, sempre da mesma forma, para que não haja ambiguidade.',
            'Define the entities of the page',
            'Name the product, organisation, place or person you talk about precisely, always the same way, so there is no ambiguity.',
          ),
          item(
            'Escolha o formato certo para cada resposta',
            'Passos pedem uma lista numerada, comparações pedem uma tabela, definições pedem um parágrafo curto.',
            'Choose the right format for each answer',
            'Steps call for a numbered list, comparisons for a table, definitions for a short paragraph.',
          ),
        ],
      },
      {
        title: { pt: 'Títulos e hierarquia', en: 'Headings and hierarchy' },
        items: [
          item(
            'Um único H1 que diz o tema',
            'O H1 deve coincidir, no essencial, com o título da página e com a intenção que escolheu.',
            'A single H1 that states the topic',
            'The H1 should match, in essence, the page title and the intent you chose.',
          ),
          item(
            'H2 e H3 sem saltar níveis',
            'Cada H2 é uma secção; cada H3 é uma parte dessa secção. Saltar de H2 para H4 confunde leitores de ecrã e a interpretação automática.',
            'H2 and H3 without skipping levels',
            'Each H2 is a section; each H3 is a part of that section. Jumping from H2 to H4 confuses screen readers and automatic interpretation.',
          ),
          item(
            'Títulos descritivos, não criativos',
            '"Quanto custa uma auditoria de SEO?" diz mais do que "Vamos a números". Um título deve fazer sentido fora do contexto.',
            'Descriptive headings, not clever ones',
            '"How much does an SEO audit cost?" says more than "Let\'s talk numbers". A heading should make sense out of context.',
          ),
          item(
            'Perguntas como títulos onde faz sentido',
            'Títulos em forma de pergunta correspondem à forma como as pessoas pesquisam e como falam com assistentes de IA.',
            'Questions as headings where it makes sense',
            'Question headings match the way people search and the way they talk to AI assistants.',
          ),
        ],
      },
      {
        title: { pt: 'Parágrafos e respostas', en: 'Paragraphs and answers' },
        items: [
          item(
            'Resposta direta na primeira frase',
            'Depois de cada pergunta, responda logo, em 40 a 60 palavras, e só depois desenvolva. É isto que os snippets e os assistentes extraem.',
            'A direct answer in the first sentence',
            'After each question, answer straight away, in 40 to 60 words, and only then elaborate. This is what snippets and assistants extract.',
          ),
          item(
            'Parágrafos curtos',
            'Três a quatro frases por parágrafo, uma ideia por parágrafo. Blocos de texto longos afastam leitores e dificultam a extração.',
            'Short paragraphs',
            'Three to four sentences per paragraph, one idea per paragraph. Long blocks of text drive readers away and make extraction harder.',
          ),
          item(
            'Frases com menos de 25 palavras',
            'Frases longas baixam a legibilidade. O Farol mede-a com a fórmula de Flesch em inglês e a adaptação de Martins em português.',
            'Sentences under 25 words',
            'Long sentences lower readability. Farol measures it with the Flesch formula in English and the Martins adaptation in Portuguese.',
          ),
          item(
            'Listas e tabelas em HTML real',
            'Use ul, ol e table, não imagens nem parágrafos com hífenes. Máquinas leem estruturas, não aparências.',
            'Lists and tables in real HTML',
            'Use ul, ol and table, not images or paragraphs with dashes. Machines read structures, not looks.',
          ),
          item(
            'Termos explicados na primeira vez',
            'Defina siglas e termos técnicos quando aparecem pela primeira vez, ou ligue para um glossário.',
            'Terms explained the first time',
            'Define acronyms and technical terms when they first appear, or link to a glossary.',
          ),
        ],
      },
      {
        title: { pt: 'Confiança e dados', en: 'Trust and data' },
        items: [
          item(
            'Números com fonte',
            'Cada estatística com a origem e o ano. Números sem fonte valem pouco para leitores atentos e para modelos que avaliam fiabilidade.',
            'Numbers with a source',
            'Every statistic with its origin and year. Numbers without a source are worth little to careful readers and to models assessing reliability.',
          ),
          item(
            'Citações de especialistas',
            'Uma citação textual com nome e função acrescenta experiência e é um dos métodos que o estudo GEO associou a mais visibilidade.',
            'Quotes from experts',
            'A verbatim quote with a name and role adds experience and is one of the methods the GEO study linked to higher visibility.',
          ),
          item(
            'Autor e datas visíveis',
            'Mostre quem escreveu, quando publicou e quando atualizou. Repita-o nos dados estruturados Article.',
            'Visible author and dates',
            'Show who wrote it, when it was published and when it was updated. Repeat it in Article structured data.',
          ),
          item(
            'Ligações internas com texto descritivo',
            'Ligue para as páginas relacionadas com um texto que diga o que o leitor vai encontrar.',
            'Internal links with descriptive text',
            'Link to related pages with text that says what the reader will find.',
          ),
          item(
            'Dados estruturados que correspondem ao visível',
            'Article, FAQPage, HowTo ou Product só quando o conteúdo está mesmo na página, com os mesmos textos.',
            'Structured data that matches what is visible',
            'Article, FAQPage, HowTo or Product only when the content really is on the page, with the same text.',
          ),
        ],
      },
    ],
    glossary: ['featured-snippet', 'schema-markup', 'e-e-a-t', 'geo'],
  },
  {
    slug: 'audito-tecnico-seo',
    title: { pt: 'Auditoria técnica de SEO passo a passo', en: 'Technical SEO audit, step by step' },
    description: {
      pt: 'Trinta verificações para encontrar o que impede o seu site de ser rastreado, indexado e bem classificado, por ordem de prioridade.',
      en: 'Thirty checks to find what stops your site from being crawled, indexed and ranked well, in order of priority.',
    },
    relevance: ['SEO'],
    intro: {
      pt: [
        'Uma auditoria técnica responde a uma pergunta simples: o Google e os assistentes de IA conseguem chegar às suas páginas, lê-las e perceber qual é a versão certa de cada uma? As verificações seguem essa ordem, do que impede tudo ao que afina.',
        'A análise gratuita do Farol faz automaticamente a maior parte destas verificações numa página; as restantes pedem o Google Search Console ou uma olhada aos registos do servidor.',
      ],
      en: [
        'A technical audit answers a simple question: can Google and AI assistants reach your pages, read them and understand which is the right version of each? The checks follow that order, from what blocks everything to what fine-tunes.',
        'The free Farol analysis runs most of these checks on a page automatically; the rest need Google Search Console or a look at the server logs.',
      ],
    },
    sections: [
      {
        title: { pt: 'Rastreio', en: 'Crawling' },
        items: [
          item(
            'robots.txt responde e não bloqueia o essencial',
            'Abra /robots.txt: deve responder 200 (ou 404) e não ter Disallow: / para os rastreadores que quer.',
            'robots.txt answers and does not block the essentials',
            'Open /robots.txt: it should answer 200 (or 404) and not have Disallow: / for the crawlers you want.',
          ),
          item(
            'Nenhum erro 5xx no robots.txt',
            'Um robots.txt com erro de servidor pode fazer o Google suspender o rastreio do site inteiro.',
            'No 5xx error on robots.txt',
            'A robots.txt with a server error can make Google pause crawling of the whole site.',
          ),
          item(
            'Sitemap XML válido',
            'Deve listar apenas URLs canónicos que respondem 200, e estar indicado no robots.txt e no Search Console.',
            'A valid XML sitemap',
            'It should list only canonical URLs that answer 200, and be listed in robots.txt and Search Console.',
          ),
          item(
            'Ligações internas rastreáveis',
            'Todas as páginas importantes alcançáveis por elementos <a href> a partir da página inicial, em poucos cliques.',
            'Crawlable internal links',
            'Every important page reachable through <a href> elements from the home page, within a few clicks.',
          ),
          item(
            'Sem páginas órfãs',
            'Compare o sitemap com as páginas ligadas internamente: o que só está no sitemap precisa de ligações.',
            'No orphan pages',
            'Compare the sitemap with internally linked pages: what is only in the sitemap needs links.',
          ),
          item(
            'Sem cadeias de redirecionamentos',
            'Cada redirecionamento deve levar ao destino final num só passo, com 301 para mudanças permanentes.',
            'No redirect chains',
            'Each redirect should reach the final destination in one step, with 301 for permanent moves.',
          ),
          item(
            'Sem ligações partidas',
            'Ligações internas para páginas 404 desperdiçam rastreio e frustram visitantes.',
            'No broken links',
            'Internal links to 404 pages waste crawling and frustrate visitors.',
          ),
          item(
            'Parâmetros de URL sob controlo',
            'Filtros e ordenações não devem gerar milhares de variações rastreáveis da mesma página.',
            'URL parameters under control',
            'Filters and sorting should not create thousands of crawlable variations of the same page.',
          ),
        ],
      },
      {
        title: { pt: 'Indexação', en: 'Indexing' },
        items: [
          item(
            'Páginas importantes respondem 200',
            'Verifique o código de estado de cada modelo de página: início, categorias, artigos, produtos.',
            'Important pages answer 200',
            'Check the status code of each page template: home, categories, articles, products.',
          ),
          item(
            'Páginas inexistentes respondem 404 a sério',
            'Uma página de erro que responde 200 (soft 404) enche o índice de páginas vazias.',
            'Missing pages really answer 404',
            'An error page that answers 200 (soft 404) fills the index with empty pages.',
          ),
          item(
            'Sem noindex por engano',
            'Procure meta robots e cabeçalhos X-Robots-Tag com noindex em páginas que devem aparecer.',
            'No noindex by mistake',
            'Look for meta robots and X-Robots-Tag headers with noindex on pages that should appear.',
          ),
          item(
            'Canónico em todas as páginas',
            'Cada página indica o seu URL canónico absoluto, normalmente ela própria.',
            'A canonical on every page',
            'Each page states its absolute canonical URL, usually itself.',
          ),
          item(
            'Uma só versão do domínio',
            'http, https, com e sem www redirecionam todos para a mesma versão.',
            'A single version of the domain',
            'http, https, with and without www all redirect to the same version.',
          ),
          item(
            'Conteúdo duplicado tratado',
            'Páginas quase iguais são fundidas, redirecionadas ou apontam o canónico para a principal.',
            'Duplicate content handled',
            'Near-identical pages are merged, redirected or point their canonical at the main one.',
          ),
          item(
            'Relatório de páginas do Search Console revisto',
            'Veja as razões de exclusão e confirme que nenhuma página importante está "Rastreada, mas não indexada".',
            'Search Console pages report reviewed',
            'Look at the exclusion reasons and confirm no important page is "Crawled, currently not indexed".',
          ),
        ],
      },
      {
        title: { pt: 'Elementos on-page', en: 'On-page elements' },
        items: [
          item(
            'Títulos únicos de 30 a 60 caracteres',
            'Sem títulos em falta, duplicados ou genéricos como "Início".',
            'Unique titles of 30 to 60 characters',
            'No missing, duplicated or generic titles such as "Home".',
          ),
          item(
            'Meta descrições de 120 a 160 caracteres',
            'Uma por página, escrita para o resultado de pesquisa.',
            'Meta descriptions of 120 to 160 characters',
            'One per page, written for the search result.',
          ),
          item(
            'Um H1 por página e títulos por ordem',
            'O H1 descreve a página; os níveis seguintes não saltam.',
            'One H1 per page and headings in order',
            'The H1 describes the page; the following levels do not skip.',
          ),
          item(
            'Atributo lang correto',
            '<html lang> declara o idioma real do conteúdo (pt-PT, en).',
            'Correct lang attribute',
            '<html lang> declares the real language of the content (pt-PT, en).',
          ),
          item(
            'hreflang recíproco em sites multilingues',
            'Cada versão lista todas as outras e a si própria, com x-default, e as outras respondem de volta.',
            'Reciprocal hreflang on multilingual sites',
            'Each version lists all the others and itself, with x-default, and the others point back.',
          ),
          item(
            'Texto alternativo nas imagens',
            'Imagens com informação têm alt descritivo; as decorativas têm alt vazio.',
            'Alternative text on images',
            'Informative images have a descriptive alt; decorative ones have an empty alt.',
          ),
          item(
            'Open Graph e Twitter Card',
            'og:title, og:description, og:image e twitter:card controlam como a página aparece quando é partilhada.',
            'Open Graph and Twitter Card',
            'og:title, og:description, og:image and twitter:card control how the page looks when shared.',
          ),
          item(
            'Dados estruturados sem erros',
            'Blocos JSON-LD que se leem, com tipos adequados (Organization, Article, Product, BreadcrumbList).',
            'Structured data without errors',
            'JSON-LD blocks that parse, with suitable types (Organization, Article, Product, BreadcrumbList).',
          ),
        ],
      },
      {
        title: { pt: 'Desempenho e segurança', en: 'Performance and security' },
        items: [
          item(
            'HTTPS com certificado válido',
            'Sem avisos no navegador e com redirecionamento de HTTP para HTTPS.',
            'HTTPS with a valid certificate',
            'No browser warnings and a redirect from HTTP to HTTPS.',
          ),
          item(
            'Sem conteúdo misto',
            'Nenhum recurso carregado por HTTP numa página HTTPS.',
            'No mixed content',
            'No resource loaded over HTTP on an HTTPS page.',
          ),
          item(
            'LCP até 2,5 s',
            'A maior imagem ou bloco de texto aparece depressa: imagens otimizadas, servidor rápido, pouco CSS a bloquear.',
            'LCP up to 2.5 s',
            'The largest image or text block appears quickly: optimised images, a fast server, little blocking CSS.',
          ),
          item(
            'CLS até 0,1',
            'Imagens e anúncios com dimensões reservadas, tipos de letra sem saltos.',
            'CLS up to 0.1',
            'Images and ads with reserved dimensions, fonts without jumps.',
          ),
          item(
            'INP até 200 ms',
            'Menos JavaScript no carregamento e tarefas longas divididas. O INP substituiu o FID (100 ms) em 2024.',
            'INP up to 200 ms',
            'Less JavaScript on load and long tasks split up. INP replaced FID (100 ms) in 2024.',
          ),
          item(
            'Compressão e cache',
            'Texto comprimido (gzip ou brotli) e recursos estáticos com cache longa.',
            'Compression and caching',
            'Compressed text (gzip or brotli) and static assets with long caching.',
          ),
          item(
            'Preparado para telemóveis',
            'Meta viewport com width=device-width e conteúdo igual ao da versão desktop, porque o Google indexa a versão móvel.',
            'Ready for mobile',
            'A meta viewport with width=device-width and the same content as the desktop version, because Google indexes the mobile version.',
          ),
        ],
      },
    ],
    glossary: ['seo-tecnico', 'crawlability', 'robots-txt', 'core-web-vitals'],
  },
  {
    slug: 'otimizacao-local',
    title: {
      pt: 'Otimização local: ser encontrado na sua zona',
      en: 'Local optimisation: be found in your area',
    },
    description: {
      pt: 'Como um negócio com morada ou área de serviço aparece no mapa, nas pesquisas "perto de mim" e nas recomendações dos assistentes de IA.',
      en: 'How a business with an address or service area appears on the map, in "near me" searches and in AI assistant recommendations.',
    },
    relevance: ['SEO', 'AIO'],
    intro: {
      pt: [
        'Para um restaurante, uma clínica ou um canalizador, a pesquisa que conta é local: "dentista em Braga", "oficina aberta agora". O Google escolhe os resultados locais pela relevância, pela distância e pela proeminência do negócio. Os assistentes de IA, quando recomendam um negócio, baseiam-se em grande parte nas mesmas fontes: perfis de empresa, diretórios, avaliações e o próprio site.',
        'Estes 15 passos cobrem o perfil, a consistência dos dados, o site e a reputação.',
      ],
      en: [
        'For a restaurant, a clinic or a plumber, the search that matters is local: "dentist in Braga", "garage open now". Google picks local results by relevance, distance and the prominence of the business. AI assistants, when they recommend a business, largely rely on the same sources: business profiles, directories, reviews and the site itself.',
        'These 15 steps cover the profile, data consistency, the site and reputation.',
      ],
    },
    sections: [
      {
        title: { pt: 'Perfil da empresa', en: 'Business profile' },
        items: [
          item(
            'Reivindique o Perfil da Empresa no Google',
            'Verifique a propriedade e mantenha o acesso com uma conta da empresa, não pessoal.',
            'Claim your Google Business Profile',
            'Verify ownership and keep access with a business account, not a personal one.',
          ),
          item(
            'Escolha a categoria principal certa',
            'É um dos fatores de relevância mais fortes. Acrescente categorias secundárias só se forem verdadeiras.',
            'Choose the right primary category',
            'It is one of the strongest relevance factors. Add secondary categories only if they are true.',
          ),
          item(
            'Horários completos e atualizados',
            'Inclua horários de feriados e férias; horários errados geram avaliações negativas.',
            'Complete, up-to-date opening hours',
            'Include holiday hours; wrong hours lead to negative reviews.',
          ),
          item(
            'Fotografias reais',
            'Fachada, interior, equipa e produtos ajudam clientes a reconhecer o local.',
            'Real photos',
            'Storefront, interior, team and products help customers recognise the place.',
          ),
          item(
            'Perfis no Bing Places e no Apple Business Connect',
            'Outros mapas e assistentes usam estas fontes; o esforço é pequeno.',
            'Profiles on Bing Places and Apple Business Connect',
            'Other maps and assistants use these sources; the effort is small.',
          ),
        ],
      },
      {
        title: { pt: 'Dados consistentes', en: 'Consistent data' },
        items: [
          item(
            'Nome, morada e telefone iguais em todo o lado',
            'Use exatamente a mesma forma (NAP) no site, nos perfis e nos diretórios.',
            'The same name, address and phone everywhere',
            'Use exactly the same form (NAP) on the site, profiles and directories.',
          ),
          item(
            'Presença nos diretórios relevantes',
            'Diretórios gerais e do seu setor em Portugal; corrija fichas antigas com dados errados.',
            'Presence in relevant directories',
            'General and industry directories in your country; fix old listings with wrong data.',
          ),
          item(
            'Dados estruturados LocalBusiness',
            'No site, JSON-LD com nome, morada, telefone, horário, coordenadas e sameAs para os perfis.',
            'LocalBusiness structured data',
            'On the site, JSON-LD with name, address, phone, hours, coordinates and sameAs to the profiles.',
          ),
          item(
            'Uma página por local',
            'Com várias lojas, cada uma tem a sua página com morada, mapa, horário e contactos próprios.',
            'One page per location',
            'With several shops, each one has its own page with its address, map, hours and contacts.',
          ),
        ],
      },
      {
        title: { pt: 'Site e conteúdo local', en: 'Site and local content' },
        items: [
          item(
            'Localidade no título e no H1 das páginas de serviço',
            'Por exemplo "Fisioterapia em Coimbra", quando é verdade e natural.',
            'Place name in the title and H1 of service pages',
            'For example "Physiotherapy in Coimbra", when it is true and natural.',
          ),
          item(
            'Conteúdo sobre a zona',
            'Zonas servidas, como chegar, estacionamento e perguntas frequentes de clientes locais.',
            'Content about the area',
            'Areas served, how to get there, parking and common questions from local customers.',
          ),
          item(
            'Telefone clicável e mapa incorporado',
            'Em telemóvel, a maioria das pesquisas locais termina numa chamada ou num trajeto.',
            'Clickable phone number and embedded map',
            'On mobile, most local searches end in a call or a route.',
          ),
        ],
      },
      {
        title: { pt: 'Reputação', en: 'Reputation' },
        items: [
          item(
            'Peça avaliações com regularidade',
            'Depois de um serviço concluído, com uma ligação direta. Nunca compre avaliações nem ofereça contrapartidas.',
            'Ask for reviews regularly',
            'After a finished job, with a direct link. Never buy reviews or offer rewards.',
          ),
          item(
            'Responda a todas as avaliações',
            'Agradeça as positivas e responda às negativas com calma e uma solução; futuros clientes leem as respostas.',
            'Answer every review',
            'Thank positive ones and answer negative ones calmly with a solution; future customers read the replies.',
          ),
          item(
            'Menções na imprensa e em sites locais',
            'Parcerias, patrocínios e notícias locais dão proeminência e são fontes que os assistentes de IA citam.',
            'Mentions in the press and local sites',
            'Partnerships, sponsorships and local news add prominence and are sources AI assistants cite.',
          ),
        ],
      },
    ],
    glossary: ['schema-markup', 'serp', 'zero-click-search'],
  },
]

export function findGuide(slug: string): GuideData | undefined {
  return guides.find((guide) => guide.slug === slug)
}
