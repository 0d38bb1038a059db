// What the bot verification rests on (issue 42): each operator's published IP list with its date, whether
// it is recent enough to call an address outside it fake, and the server's scheduled refresh; and, under
// the bot table, the requests from outside a list too old to judge them, in the CLI's words.
import { listDay, outsideListNote } from '@farol/engine/logs/list-words.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDateTime } from '../ui/format.ts'
import type { BotSummary, RangesView } from './bots-data.ts'

export function OutsideListNotes({ bots }: { bots: BotSummary[] }) {
  const { lang } = useTranslation('bots')
  const notes = bots.map((b) => outsideListNote(b, lang)).filter((n): n is string => n !== null)
  if (!notes.length) return null
  return (
    <ul className="card flex flex-col gap-1 p-4 text-sm" data-testid="outside-list-notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  )
}

/** A network failure's code (ENOTFOUND, ECONNREFUSED, TimeoutError…) in words; HTTP answers as they are. */
function errorWords(error: string, t: (key: string) => string): string {
  return /^(E[A-Z_]+|TimeoutError|AbortError|UND_ERR\w*|fetch failed)$/.test(error)
    ? t('lists.unreachable')
    : error
}

export function RangeLists({ view }: { view: RangesView }) {
  const { t, lang } = useTranslation('bots')
  const { refresh } = view
  const hours = Math.round(refresh.everySeconds / 3600)
  return (
    <section className="card flex flex-col gap-2 p-4 text-sm" data-testid="bot-lists">
      <h2 className="text-lg font-semibold">{t('lists.title')}</h2>
      <p>{t('lists.intro')}</p>
      <p data-testid="bot-lists-refresh">
        {refresh.on
          ? hours >= 1
            ? t('lists.refreshEvery', { count: hours })
            : t('lists.refreshSeconds', { count: refresh.everySeconds })
          : t('lists.refreshOff')}{' '}
        {refresh.lastCheck
          ? t('lists.lastCheck', { when: formatDateTime(refresh.lastCheck, lang) })
          : t('lists.neverChecked')}{' '}
        {refresh.failed ? t('lists.failed', { count: refresh.failed }) : null}
      </p>
      <details>
        <summary className="cursor-pointer" data-testid="bot-lists-show">
          {t('lists.show', { count: view.lists.length })}
        </summary>
        <ul className="mt-1 flex flex-col gap-1">
          {view.lists.map((l) => (
            <li key={l.name} data-testid={`bot-list-${l.name}`}>
              <span className="font-medium">{l.operator}</span> <span className="font-mono">{l.name}</span>:{' '}
              {l.source === 'none' ? (
                t('lists.none')
              ) : (
                <>
                  {t(l.source === 'refreshed' ? 'lists.refreshed' : 'lists.shipped', {
                    date: listDay(l.retrieved, lang),
                  })}{' '}
                  — {t(l.fresh ? 'lists.fresh' : 'lists.stale')}
                </>
              )}
              {l.error ? ` (${t('lists.error', { error: errorWords(l.error, t) })})` : null}
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}
