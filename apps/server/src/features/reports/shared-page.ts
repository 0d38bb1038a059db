// What a person following a shared report link sees when the link no longer opens the PDF (issue 41):
// they have no account and opened it in a browser, so the answer is a page in their language (410 for a
// link that was revoked or expired, 404 for one that never existed), not the API's JSON error.
import type { Lang } from '../../platform/errors.ts'

export type SharedLinkProblem =
  | { kind: 'revoked' }
  | { kind: 'expired'; at: Date }
  | { kind: 'missing' }
  | { kind: 'file-missing' }

const texts = {
  pt: {
    goneTitle: 'Este link já não está disponível',
    revoked: 'Quem partilhou este relatório revogou o link.',
    expired: (date: string) => `O link para este relatório expirou a ${date}.`,
    missingTitle: 'Link não encontrado',
    missing: 'Não há nenhum relatório partilhado com este endereço. Confirme que copiou o link completo.',
    fileMissing: 'O relatório partilhado com este link já não existe.',
    askAgain: 'Peça um novo link a quem o partilhou consigo.',
    home: 'Ir para o Farol',
  },
  en: {
    goneTitle: 'This link is no longer available',
    revoked: 'The person who shared this report revoked the link.',
    expired: (date: string) => `The link to this report expired on ${date}.`,
    missingTitle: 'Link not found',
    missing: 'No shared report has this address. Check that you copied the whole link.',
    fileMissing: 'The report shared with this link no longer exists.',
    askAgain: 'Ask the person who shared it with you for a new link.',
    home: 'Go to Farol',
  },
} as const

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Pure: the status and the HTML page for a shared link that does not open. */
export function sharedLinkPage(problem: SharedLinkProblem, lang: Lang): { status: 404 | 410; html: string } {
  const t = texts[lang]
  const gone = problem.kind === 'revoked' || problem.kind === 'expired' || problem.kind === 'file-missing'
  const title = gone ? t.goneTitle : t.missingTitle
  const reason =
    problem.kind === 'revoked'
      ? t.revoked
      : problem.kind === 'expired'
        ? t.expired(
            new Intl.DateTimeFormat(lang === 'pt' ? 'pt-PT' : 'en-GB', { dateStyle: 'long' }).format(
              problem.at,
            ),
          )
        : problem.kind === 'file-missing'
          ? t.fileMissing
          : t.missing
  const html = `<!doctype html>
<html lang="${lang === 'pt' ? 'pt-PT' : 'en-GB'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} — Farol</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{box-sizing:border-box;max-width:36rem;margin:0 auto;padding:3rem 1.25rem}
.brand{font-weight:700;color:#1e40af;letter-spacing:.02em}
h1{font-size:1.5rem;line-height:1.3;margin:1rem 0 .75rem}
p{line-height:1.6;margin:.5rem 0;overflow-wrap:anywhere}
a.home{display:inline-block;margin-top:1.5rem;padding:.55rem 1rem;border-radius:.5rem;background:#1e40af;color:#fff;text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main>
<p class="brand">Farol</p>
<h1>${escapeHtml(title)}</h1>
<p data-testid="shared-link-reason">${escapeHtml(reason)}</p>
<p>${escapeHtml(t.askAgain)}</p>
<a class="home" href="${lang === 'pt' ? '/' : '/en'}">${escapeHtml(t.home)}</a>
</main>
</body>
</html>
`
  return { status: gone ? 410 : 404, html }
}
