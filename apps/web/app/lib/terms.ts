/**
 * The product's vocabulary (issue 41, item 3): one word for each thing, in European Portuguese and British
 * English. A form on the left is never written in that language's interface; the right says what to write.
 * terms.test.ts scans every locale file with this list, and the walk test (e2e) the rendered pages.
 *
 * The specification's own strings are the product's strings, verbatim (design.md): the few of them that
 * use a form listed here are `specStrings`, allowed exactly as written and nowhere else.
 */
import type { Lang } from './route-table.ts'

export interface Term {
  /** The form not to use (matched against a whole string). */
  form: RegExp
  /** What to write instead. */
  instead: string
}

const terms: Record<Lang, Term[]> = {
  pt: [
    // The product's own words (design.md: Definições, palavra-passe, motores de pesquisa, rastreadores).
    { form: /\bConfigurações\b/i, instead: 'Definições' },
    { form: /\bpasswords?\b/i, instead: 'palavra-passe' },
    { form: /\bsenhas?\b/i, instead: 'palavra-passe' },
    { form: /\bmotor(?:es)? de busca\b/i, instead: 'motor(es) de pesquisa' },
    { form: /\bcrawlers?\b/i, instead: 'rastreador(es)' },
    { form: /\bdashboard\b/i, instead: 'painel' },
    { form: /\bcaractere\b/i, instead: 'caráter (plural: caracteres)' },
    { form: /\bAI Optimi[sz]ation\b/i, instead: 'otimização para IA' },
    // Brazilian forms a pt-PT interface does not use (issue 25).
    { form: /\bcadastr/i, instead: 'registo / registar' },
    { form: /\bdigite\b/i, instead: 'insira / escreva' },
    { form: /\buma URL\b/, instead: 'um URL' },
    {
      form: /\b(?:Analisando|Processando|Carregando|Enviando|Salvando|Gerando|Verificando|Buscando|Aguardando|Atualizando|Conectando|Pesquisando)\b/,
      instead: 'A analisar… (a + infinitivo)',
    },
    { form: /\busuário/i, instead: 'utilizador' },
    { form: /\bacessar\b/i, instead: 'aceder' },
    { form: /\bcelular\b/i, instead: 'telemóvel' },
    { form: /\btela\b/i, instead: 'ecrã' },
    { form: /\bequipe\b/i, instead: 'equipa' },
    { form: /\barquivo/i, instead: 'ficheiro' },
    { form: /\bsalvar\b/i, instead: 'guardar' },
    { form: /\bregistro\b/i, instead: 'registo' },
    { form: /\bcontato\b/i, instead: 'contacto' },
    { form: /\bgerenciar\b/i, instead: 'gerir' },
    { form: /\bvocê\b/i, instead: '(sem pronome) / o senhor' },
    { form: /\bdesconectado\b/i, instead: 'terminou a sessão' },
    { form: /(?:^|[.!?]\s+)(?:Seu|Sua|Seus|Suas)\b/, instead: 'O seu / A sua' },
    { form: /\b(?:Verifique|Confirme|Insira|Altere) (?:seu|sua)\b/i, instead: 'o seu / a sua' },
  ],
  en: [
    // British spelling.
    { form: /\boptimiz/i, instead: 'optimise / optimisation' },
    { form: /\banalyz/i, instead: 'analyse' },
    // schema.org's type is spelt Organization, as the standard writes it (a name, not a word).
    { form: /\b(?:organiz|Organiz(?!ation\b)|ORGANIZ)/, instead: 'organise / organisation' },
    { form: /\bcolors?\b/i, instead: 'colour' },
    { form: /\bbehaviors?\b/i, instead: 'behaviour' },
    { form: /\bcenters?\b/i, instead: 'centre' },
    // ai-catalog.json is a file's name.
    { form: /(?<![-\w])catalogs?\b(?!\.json)/i, instead: 'catalogue' },
    { form: /\bfavorites?\b/i, instead: 'favourite' },
    { form: /\bcanceled\b/i, instead: 'cancelled' },
    // The other language's words (a page half translated).
    { form: /\bDefinições\b|\bPalavra-passe\b|\bRastreador/i, instead: 'Settings / password / crawler' },
  ],
}

/**
 * The specification's strings that use a listed form, exactly as the specification gives them (§4, §5,
 * §8): they win over the list, and only these exact strings do.
 */
export const specStrings: Record<Lang, readonly string[]> = {
  pt: [
    'Password deve ter pelo menos 8 caracteres',
    'Password deve conter pelo menos uma letra maiúscula',
    'Password deve conter pelo menos um número',
    'Password deve conter pelo menos um caractere especial',
    'As passwords não coincidem',
    'Nova Password',
    'Confirmar Password',
    'Password Redefinida',
    'Password redefinida',
    // §8's 'Sua password foi atualizada com sucesso.', with the pt-PT article (a sentence never opens on 'Sua').
    'A sua password foi atualizada com sucesso.',
    'Redirecionando para o dashboard...',
    'AI optimization analysis failed.',
  ],
  en: [],
}

/** The listed forms `text` uses (none for the specification's own strings). */
export function forbiddenTerms(lang: Lang, text: string): Term[] {
  if (specStrings[lang].includes(text)) return []
  return terms[lang].filter((term) => term.form.test(text))
}

/**
 * A translation key shown as text: `suite.sites.title`, `inventory.columns.url` (what the translator
 * answers when a key is missing). Addresses and file names (`example.pt`, `robots.txt`) are not keys.
 */
export function looksLikeRawKey(text: string): boolean {
  const line = text.trim()
  return (
    /^[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z][a-zA-Z0-9_-]*)+$/.test(line) &&
    !/\.(?:pt|com|org|net|io|uk|eu|br|de|fr|es|txt|xml|json|gz|csv|xlsx|pdf|html?|js)$/i.test(line) &&
    !/^www\./.test(line)
  )
}
