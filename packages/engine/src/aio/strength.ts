// How strong the evidence is that each signal matters, with its source, in both languages. Shown beside
// every AIO finding so users can tell established facts from contested advice.
import type { EvidenceStrength, Localized } from '../types.ts'

export interface StrengthNote {
  level: EvidenceStrength
  note: Localized
}

export const STRENGTH = {
  jsCrawlers: {
    level: 'established',
    note: {
      pt: 'Os principais rastreadores de IA (GPTBot, ClaudeBot, PerplexityBot) não executam JavaScript (análise de tráfego da Vercel e MERJ, 2024): o texto que só aparece depois de executar scripts não é lido por eles.',
      en: 'The main AI crawlers (GPTBot, ClaudeBot, PerplexityBot) do not execute JavaScript (Vercel and MERJ traffic analysis, 2024): text that only appears after scripts run is not read by them.',
    },
  },
  robots: {
    level: 'established',
    note: {
      pt: 'OpenAI, Anthropic, Perplexity, Google e Apple documentam estes user-agents e dizem respeitar o robots.txt: uma regra Disallow impede a recolha.',
      en: 'OpenAI, Anthropic, Perplexity, Google and Apple document these user agents and say they honour robots.txt: a Disallow rule stops collection.',
    },
  },
  userFetchers: {
    level: 'established',
    note: {
      pt: 'Estes pedidos são feitos quando um utilizador pede ao assistente para abrir a página. A OpenAI e a Perplexity indicam que, por isso, o robots.txt pode não ser aplicado; a Anthropic diz que o Claude-User o respeita.',
      en: 'These requests happen when a user asks the assistant to open the page. OpenAI and Perplexity state that robots.txt may therefore not apply; Anthropic says Claude-User honours it.',
    },
  },
  training: {
    level: 'established',
    note: {
      pt: 'Bloquear rastreadores de treino impede que o conteúdo seja recolhido para treinar modelos. É uma escolha legítima do dono do site e não retira o site das respostas de pesquisa com IA, que usam outros rastreadores.',
      en: 'Blocking training crawlers keeps the content out of model training data. It is a legitimate choice for a site owner and does not remove the site from AI search answers, which use other crawlers.',
    },
  },
  structuredData: {
    level: 'likely',
    note: {
      pt: 'Os dados estruturados (Organization, sameAs) ajudam os motores de pesquisa a identificar entidades, segundo a documentação da Google; o efeito direto nas respostas dos LLM não foi medido de forma controlada.',
      en: "Structured data (Organization, sameAs) helps search engines identify entities, per Google's documentation; its direct effect on LLM answers has not been measured in a controlled way.",
    },
  },
  geo: {
    level: 'contested',
    note: {
      pt: 'O estudo GEO (Aggarwal et al., KDD 2024) mediu +30-40% de visibilidade em respostas de motores generativos ao acrescentar citações e estatísticas; o C-SEO Bench (2025) concluiu que este tipo de alteração de conteúdo é em grande parte ineficaz.',
      en: 'The GEO paper (Aggarwal et al., KDD 2024) measured +30-40% visibility in generative engine answers from adding quotations and statistics; C-SEO Bench (2025) found such content edits largely ineffective.',
    },
  },
  readability: {
    level: 'likely',
    note: {
      pt: 'Frases e parágrafos curtos facilitam a leitura humana (décadas de investigação em legibilidade); a ligação a citações por modelos de IA é indireta.',
      en: 'Short sentences and paragraphs make reading easier for people (decades of readability research); the link to citations by AI models is indirect.',
    },
  },
  structure: {
    level: 'likely',
    note: {
      pt: 'Os extratores de conteúdo e conversores de HTML para texto usados por sistemas de IA apoiam-se em <main>, <article>, títulos e listas para encontrar o conteúdo e manter a estrutura; não há estudo controlado do efeito nas respostas.',
      en: 'Content extractors and HTML-to-text converters used by AI systems rely on <main>, <article>, headings and lists to find the content and keep its structure; no controlled study measures the effect on answers.',
    },
  },
  questions: {
    level: 'speculative',
    note: {
      pt: 'Uma pergunta em título seguida de resposta direta tem o formato que os motores de resposta extraem (como os featured snippets); nenhum estudo controlado mediu o efeito em respostas de LLM.',
      en: 'A question heading followed by a direct answer has the shape answer engines extract (as in featured snippets); no controlled study has measured the effect on LLM answers.',
    },
  },
  authorship: {
    level: 'likely',
    note: {
      pt: 'As diretrizes de avaliação de qualidade da Google (E-E-A-T) perguntam quem escreveu e quando; não é um fator de classificação direto e o efeito em LLM não está medido.',
      en: "Google's quality rater guidelines (E-E-A-T) ask who wrote a page and when; it is not a direct ranking factor and the effect on LLMs is not measured.",
    },
  },
  freshness: {
    level: 'likely',
    note: {
      pt: 'Os motores de resposta mostram datas e preferem fontes recentes em temas que mudam; o peso exato não é público.',
      en: 'Answer engines show dates and prefer recent sources on topics that change; the exact weight is not public.',
    },
  },
  llmsTxt: {
    level: 'speculative',
    note: {
      pt: 'O llms.txt é uma proposta de 2024 (llmstxt.org); nenhum grande rastreador de IA está documentado a lê-lo. Por isso não conta para a pontuação.',
      en: 'llms.txt is a 2024 proposal (llmstxt.org); no major AI crawler is documented to read it. It therefore does not count towards the score.',
    },
  },
  agentic: {
    level: 'speculative',
    note: {
      pt: 'Auditorias recentes do Lighthouse sobre agentes de IA que navegam e usam páginas; estes agentes ainda são emergentes.',
      en: 'Recent Lighthouse audits about AI agents that browse and use pages; such agents are still emerging.',
    },
  },
} as const satisfies Record<string, StrengthNote>
