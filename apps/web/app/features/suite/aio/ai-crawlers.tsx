import type { AioResult, Finding } from '@farol/engine'
import { CheckCircle2, CircleHelp, XCircle } from 'lucide-react'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'

type Group = 'training' | 'search' | 'user'
const groups: Group[] = ['search', 'user', 'training']

/** The information-only findings of an analysis (e.g. robots.txt blocks GPTBot, no llms.txt). */
function infoFindings(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.verdict === 'info')
}

/**
 * "Rastreadores de IA": each AI crawler by purpose, allowed or blocked by the site's robots.txt, then
 * llms.txt, then every information-only finding. Shown on /suite/aio and in the PDF report (`print`
 * drops the dark-mode colours).
 */
export function AiCrawlersSection({
  aio,
  print = false,
  headingLevel = 2,
}: {
  aio: { signals?: Pick<AioResult['signals'], 'robots' | 'llmsTxt'>; findings: readonly Finding[] }
  print?: boolean
  headingLevel?: 2 | 3
}) {
  const { t, lang } = useTranslation('core')
  const robots = aio.signals?.robots
  const llms = aio.signals?.llmsTxt
  const info = infoFindings(aio.findings ?? [])
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  const dark = (classes: string) => (print ? '' : classes)
  return (
    <section className={print ? 'flex flex-col gap-3' : 'card flex flex-col gap-4'} data-testid="ai-crawlers">
      <div>
        <Heading className={cx('text-lg font-semibold text-slate-900', dark('dark:text-slate-50'))}>
          {t('aioCrawlers.title')}
        </Heading>
        <p className={cx('text-sm text-slate-700', dark('dark:text-slate-300'))}>{t('aioCrawlers.intro')}</p>
        {robots?.status === 'missing' ? (
          <p className="mt-1 text-sm" data-testid="robots-missing">
            {t('aioCrawlers.robotsMissing')}
          </p>
        ) : robots?.status === 'unreachable' ? (
          <p className="mt-1 text-sm" data-testid="robots-unreachable">
            {t('aioCrawlers.robotsUnreachable')}
          </p>
        ) : null}
      </div>
      {robots ? (
        <div className="grid gap-4 md:grid-cols-3">
          {groups.map((group) => (
            <div key={group} data-testid={`crawlers-${group}`}>
              <Sub className={cx('font-semibold text-slate-900', dark('dark:text-slate-100'))}>
                {t(`aioCrawlers.groups.${group}`)}
              </Sub>
              <p className={cx('mb-2 text-xs text-slate-600', dark('dark:text-slate-400'))}>
                {t(`aioCrawlers.groupHints.${group}`)}
              </p>
              <ul className="flex flex-col gap-1 text-sm">
                {robots.crawlers
                  .filter((c) => c.group === group)
                  .map((c) => {
                    const state = c.allowed === null ? 'unknown' : c.allowed ? 'allowed' : 'blocked'
                    return (
                      <li
                        key={c.agent}
                        className="flex items-center justify-between gap-2"
                        data-testid="crawler"
                        data-agent={c.agent}
                        data-state={state}
                      >
                        <span className="min-w-0 break-words">
                          <span className="font-medium">{c.agent}</span>{' '}
                          <span className={cx('text-slate-600', dark('dark:text-slate-400'))}>
                            ({c.operator})
                          </span>
                        </span>
                        <span
                          className={cx(
                            'inline-flex shrink-0 items-center gap-1 text-xs font-medium',
                            state === 'allowed' && cx('text-green-800', dark('dark:text-green-300')),
                            state === 'blocked' && cx('text-red-800', dark('dark:text-red-300')),
                            state === 'unknown' && cx('text-slate-700', dark('dark:text-slate-300')),
                          )}
                        >
                          {state === 'allowed' ? (
                            <CheckCircle2 className="size-4" aria-hidden="true" />
                          ) : state === 'blocked' ? (
                            <XCircle className="size-4" aria-hidden="true" />
                          ) : (
                            <CircleHelp className="size-4" aria-hidden="true" />
                          )}
                          {t(`aioCrawlers.${state}`)}
                        </span>
                      </li>
                    )
                  })}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
      {llms ? (
        <div data-testid="llms-txt" data-grade={llms.grade}>
          <Sub className={cx('font-semibold text-slate-900', dark('dark:text-slate-100'))}>
            {t('aioCrawlers.llmsTitle')}
          </Sub>
          <p className={cx('text-sm text-slate-700', dark('dark:text-slate-300'))}>
            {t(`aioCrawlers.llms.${llms.grade}`)}
          </p>
        </div>
      ) : null}
      {info.length ? (
        <ul className="flex flex-col gap-2" data-testid="info-findings">
          {info.map((f) => (
            <li
              key={f.id}
              className={cx(
                'rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm',
                dark('dark:border-blue-900 dark:bg-blue-950/40'),
              )}
              data-testid="info-finding"
            >
              <p className={cx('font-semibold text-slate-900', dark('dark:text-slate-50'))}>
                {f.title[lang]}
              </p>
              <p className={cx('text-slate-700', dark('dark:text-slate-300'))}>{f.description[lang]}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
