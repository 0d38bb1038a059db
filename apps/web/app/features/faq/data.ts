/**
 * The FAQ: the visible questions and the FAQPage JSON-LD are both built from this list.
 * Answers are plain text (the page adds links to contact and to the analysis below the list).
 */
import type { Bilingual } from '../guides/content-kit.ts'

export interface FaqEntry {
  id: string
  question: Bilingual
  answer: Bilingual
}

export const faqEntries: readonly FaqEntry[] = [
  {
    id: 'what-is-farol',
    question: { pt: 'O que é o Farol?', en: 'What is Farol?' },
    answer: {
      pt: 'O Farol é uma plataforma de auditoria que analisa o seu site em duas frentes: o SEO clássico (como os motores de pesquisa encontram, leem e classificam as páginas) e a otimização para IA, ou AIO (como os modelos de linguagem e assistentes de IA leem, confiam e mencionam o seu conteúdo). Cada pontuação vem com a evidência encontrada e com recomendações.',
      en: 'Farol is an audit platform that analyses your site on two fronts: classic SEO (how search engines find, read and rank pages) and AI optimisation, or AIO (how language models and AI assistants read, trust and mention your content). Every score comes with the evidence found and with recommendations.',
    },
  },
  {
    id: 'what-is-aio',
    question: { pt: 'O que é a otimização para IA (AIO)?', en: 'What is AI optimisation (AIO)?' },
    answer: {
      pt: 'É o trabalho de tornar um site fácil de ler, compreender e citar por assistentes como o ChatGPT, o Perplexity ou os AI Overviews do Google. Inclui deixar os rastreadores de pesquisa de IA aceder ao site, servir o texto sem depender de JavaScript, identificar claramente a organização e escrever respostas diretas, com factos e fontes.',
      en: 'It is the work of making a site easy to read, understand and cite for assistants such as ChatGPT, Perplexity or Google AI Overviews. It includes letting AI search crawlers reach the site, serving text without relying on JavaScript, identifying the organisation clearly and writing direct answers, with facts and sources.',
    },
  },
  {
    id: 'what-is-measured',
    question: { pt: 'O que mede exatamente a análise?', en: 'What exactly does the analysis measure?' },
    answer: {
      pt: 'No SEO, 23 verificações on-page e técnicas (código de estado, redirecionamentos, indexabilidade, robots.txt, sitemap, HTTPS, título, meta descrição, canónico, hreflang, idioma, viewport, títulos, imagens, ligações, Open Graph, dados estruturados, quantidade de texto) e uma execução do Lighthouse em desktop e em telemóvel com desempenho, Core Web Vitals, acessibilidade e boas práticas. Na AIO, legibilidade, texto visível sem JavaScript, regras para rastreadores de IA, clareza da entidade, HTML semântico, perguntas com resposta direta, factos e citações, autoria e datas, e o llms.txt.',
      en: 'For SEO, 23 on-page and technical checks (status code, redirects, indexability, robots.txt, sitemap, HTTPS, title, meta description, canonical, hreflang, language, viewport, headings, images, links, Open Graph, structured data, amount of text) and a Lighthouse run on desktop and mobile with performance, Core Web Vitals, accessibility and best practices. For AIO, readability, text visible without JavaScript, rules for AI crawlers, entity clarity, semantic HTML, questions with direct answers, facts and citations, authorship and dates, and llms.txt.',
    },
  },
  {
    id: 'llm-provider',
    question: {
      pt: 'O Farol usa inteligência artificial para dar as pontuações?',
      en: 'Does Farol use artificial intelligence to give its scores?',
    },
    answer: {
      pt: 'Não. As pontuações de SEO e de AIO são calculadas a partir de sinais medidos no seu site, por isso o mesmo site dá o mesmo resultado. As funcionalidades que precisam mesmo de perguntar a um modelo de linguagem, como a presença nos LLM ou o assistente de escrita, só funcionam quando a instalação tem um fornecedor de LLM configurado. Sem ele, o Farol mostra dados de exemplo, sempre identificados com um aviso, e nunca os apresenta como resultado.',
      en: 'No. The SEO and AIO scores are computed from signals measured on your site, so the same site gives the same result. Features that really need to ask a language model, such as LLM presence or the writing assistant, only work when the installation has an LLM provider configured. Without one, Farol shows sample data, always labelled with a notice, and never presents it as a result.',
    },
  },
  {
    id: 'free-or-account',
    question: {
      pt: 'A análise é gratuita? Preciso de conta?',
      en: 'Is the analysis free? Do I need an account?',
    },
    answer: {
      pt: 'A análise de SEO é gratuita e não precisa de registo. Com uma conta gratuita tem também a análise de otimização para IA, a verificação de diretórios locais, o histórico das análises e relatórios em PDF. Para evitar abusos, há um limite diário de análises por endereço IP para visitantes sem conta, mais alto para utilizadores registados.',
      en: 'The SEO analysis is free and needs no sign-up. With a free account you also get the AI optimisation analysis, the local directories check, the history of your analyses and PDF reports. To prevent abuse, there is a daily limit of analyses per IP address for visitors without an account, higher for registered users.',
    },
  },
  {
    id: 'how-long',
    question: { pt: 'Quanto tempo demora uma análise?', en: 'How long does an analysis take?' },
    answer: {
      pt: 'A análise on-page fica pronta em segundos. O Lighthouse carrega a página num navegador real, primeiro em desktop e depois em telemóvel, e costuma demorar entre meio minuto e dois minutos, conforme a velocidade do seu site. O progresso aparece no dashboard enquanto espera.',
      en: 'The on-page analysis is ready in seconds. Lighthouse loads the page in a real browser, first on desktop and then on mobile, and usually takes between half a minute and two minutes, depending on the speed of your site. Progress shows on the dashboard while you wait.',
    },
  },
  {
    id: 'how-often',
    question: {
      pt: 'Com que frequência devo analisar o meu site?',
      en: 'How often should I analyse my site?',
    },
    answer: {
      pt: 'Recomendamos analisar o seu site a cada 3 a 6 meses, e sempre depois de uma mudança importante: novo design, migração de plataforma ou de domínio, nova estrutura de URLs ou muitas páginas novas. Os motores de pesquisa e os assistentes de IA também mudam as regras, e uma análise periódica apanha regressões antes de custarem tráfego.',
      en: 'We recommend analysing your site every 3 to 6 months, and always after an important change: a new design, a platform or domain migration, a new URL structure or many new pages. Search engines and AI assistants also change their rules, and a periodic analysis catches regressions before they cost traffic.',
    },
  },
  {
    id: 'what-is-fetched',
    question: {
      pt: 'O Farol acede a partes privadas do meu site?',
      en: 'Does Farol access private parts of my site?',
    },
    answer: {
      pt: 'Não. O Farol descarrega apenas a página pública que pede para analisar e os ficheiros públicos associados (robots.txt, sitemap, llms.txt e os recursos que um navegador carregaria). Não inicia sessão, não envia formulários e recusa endereços privados ou de rede interna.',
      en: 'No. Farol only downloads the public page you ask it to analyse and the related public files (robots.txt, sitemap, llms.txt and the resources a browser would load). It does not sign in, does not submit forms and refuses private or internal network addresses.',
    },
  },
  {
    id: 'privacy-of-urls',
    question: {
      pt: 'Os endereços que analiso ficam privados?',
      en: 'Are the addresses I analyse kept private?',
    },
    answer: {
      pt: 'Sim. Os endereços e os resultados ficam guardados na base de dados do Farol para mostrar o progresso, o histórico e os relatórios, e só são visíveis para si (e para os administradores do serviço). Não são publicados nem partilhados com terceiros. Os prazos de conservação estão na política de privacidade.',
      en: "Yes. Addresses and results are stored in Farol's database to show progress, history and reports, and are visible only to you (and to the service administrators). They are not published or shared with third parties. Retention periods are in the privacy policy.",
    },
  },
  {
    id: 'scores-change',
    question: {
      pt: 'Porque é que a pontuação muda entre análises?',
      en: 'Why does the score change between analyses?',
    },
    answer: {
      pt: 'As verificações on-page são determinísticas: só mudam se a página mudar. As métricas do Lighthouse variam um pouco de execução para execução, porque dependem da rede, do servidor e da carga do momento. Por isso o Farol corre o Lighthouse um de cada vez por máquina; diferenças de poucos pontos no desempenho são normais.',
      en: 'The on-page checks are deterministic: they only change if the page changes. Lighthouse metrics vary a little from run to run, because they depend on the network, the server and the load at the time. That is why Farol runs Lighthouse one at a time per machine; differences of a few performance points are normal.',
    },
  },
  {
    id: 'recommendations',
    question: { pt: 'Por onde começo depois da análise?', en: 'Where do I start after the analysis?' },
    answer: {
      pt: 'Pelas recomendações de impacto alto: costumam ser problemas que impedem a indexação ou a leitura da página (bloqueios, erros, falta de título ou de texto). Depois as de impacto médio. A checklist SEO + AIO e os guias ajudam a perceber cada ponto.',
      en: 'With the high-impact recommendations: they are usually problems that stop the page from being indexed or read (blocks, errors, a missing title or text). Then the medium-impact ones. The SEO + AIO checklist and the guides help you understand each point.',
    },
  },
  {
    id: 'guarantee',
    question: {
      pt: 'O Farol garante o primeiro lugar no Google ou ser citado pelo ChatGPT?',
      en: 'Does Farol guarantee first place on Google or being cited by ChatGPT?',
    },
    answer: {
      pt: 'Não, e ninguém o pode garantir honestamente. O Farol mostra o que está ao seu alcance corrigir e explica porquê. A posição final depende também da concorrência, da qualidade do conteúdo e de decisões dos motores de pesquisa e dos fornecedores de IA.',
      en: 'No, and nobody can honestly guarantee it. Farol shows what is within your reach to fix and explains why. The final position also depends on competition, content quality and the decisions of search engines and AI providers.',
    },
  },
  {
    id: 'competitors',
    question: { pt: 'Posso analisar o site de um concorrente?', en: "Can I analyse a competitor's site?" },
    answer: {
      pt: 'Pode analisar qualquer página pública, tal como a veria num navegador. Comparar os resultados com os seus é uma boa forma de perceber onde está a diferença.',
      en: 'You can analyse any public page, just as you would see it in a browser. Comparing the results with yours is a good way to see where the difference lies.',
    },
  },
  {
    id: 'languages',
    question: { pt: 'Em que idiomas funciona a análise?', en: 'Which languages does the analysis support?' },
    answer: {
      pt: 'O Farol está em português e em inglês, e as recomendações aparecem no idioma que escolher. A legibilidade usa a fórmula de Flesch para inglês e a adaptação de Martins para português; as verificações técnicas funcionam em qualquer idioma.',
      en: 'Farol is available in Portuguese and English, and recommendations appear in the language you choose. Readability uses the Flesch formula for English and the Martins adaptation for Portuguese; technical checks work in any language.',
    },
  },
]
