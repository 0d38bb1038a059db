import { CheckCircle2, Clock, Loader2, Mail, Send } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { jsonLdString } from '~/features/seo/json-ld.ts'
import { notify } from '~/features/toasts/notify.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLang, useLocalizedPath, useRootData } from '~/lib/root-data.ts'
import { htmlLang, type Lang, localizedPath } from '~/lib/route-table.ts'
import { siteConfig } from '~/lib/site-config.ts'
import type { ContactActionData, ContactFailure, SiteInfo } from './contact.server.ts'
import {
  type ContactField,
  type ContactValues,
  contactPayload,
  emptyValues,
  type FieldErrors,
  looksLikeEmail,
  missingRequired,
  readContactResponse,
} from './contact-form.ts'

type Phase = 'editing' | 'submitting' | 'success'
type Problem = { title: string; description: string } | null

interface ContactPageProps {
  siteInfo: SiteInfo | null
  /** Set when the form was posted without JavaScript (route action). */
  actionData?: ContactActionData
}

/** `ContactPage` and `Organization` structured data: who Farol is and how to reach it. */
function contactJsonLd(publicUrl: string, lang: Lang, name: string, emails: string[]) {
  const base = publicUrl.replace(/\/+$/, '')
  const organization = `${base}/#organization`
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ContactPage',
        url: base + localizedPath('contact', lang),
        name,
        inLanguage: htmlLang[lang],
        about: { '@id': organization },
      },
      {
        '@type': 'Organization',
        '@id': organization,
        name: siteConfig.name,
        url: `${base}/`,
        logo: `${base}/icon-512.png`,
        email: emails[0],
        ...(siteConfig.social.length ? { sameAs: siteConfig.social.map((s) => s.href) } : {}),
        contactPoint: emails.map((email) => ({
          '@type': 'ContactPoint',
          contactType: 'customer support',
          email,
          availableLanguage: ['pt-PT', 'en'],
        })),
      },
    ],
  }
}

function contactEmails(siteInfo: SiteInfo | null): string[] {
  return siteInfo?.contactEmails.length
    ? siteInfo.contactEmails
    : [siteConfig.contactEmail, siteConfig.supportEmail]
}

export function ContactPage({ siteInfo, actionData }: ContactPageProps) {
  const { t, lang } = useTranslation('contact')
  const publicUrl = useRootData()?.publicUrl ?? ''
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonLdString(contactJsonLd(publicUrl, lang, t('title'), contactEmails(siteInfo))),
        }}
      />
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-slate-50">{t('title')}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t('lead')}</p>
      </header>
      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ContactForm actionData={actionData} />
        <ContactInfo siteInfo={siteInfo} />
      </div>
    </div>
  )
}

function ContactForm({ actionData }: { actionData?: ContactActionData }) {
  const { t } = useTranslation('contact')
  const lang = useLang()
  const location = useLocation()
  const path = useLocalizedPath()
  const nameRef = useRef<HTMLInputElement>(null)
  const initial = actionData && 'values' in actionData ? actionData : null
  const [phase, setPhase] = useState<Phase>(actionData?.result.ok ? 'success' : 'editing')
  const [values, setValues] = useState<ContactValues>(initial?.values ?? emptyValues)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(
    initial?.result.kind === 'validation' ? initial.result.fields : {},
  )
  const [problem, setProblem] = useState<Problem>(() => (initial ? problemOf(initial.result) : null))
  const [missing, setMissing] = useState<ContactField[]>(() =>
    initial?.result.kind === 'incomplete' ? missingRequired(initial.values) : [],
  )

  function problemOf(result: ContactFailure): Problem {
    if (result.kind === 'incomplete')
      return { title: t('toast.incompleteTitle'), description: t('toast.incompleteDescription') }
    const description =
      result.kind === 'failed' ? t('toast.errorDescription') : (result.message ?? t('toast.errorDescription'))
    return { title: t('toast.errorTitle'), description }
  }

  function toastIncomplete() {
    notify('error', t('toast.incompleteTitle'), t('toast.incompleteDescription'))
  }

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }))
    if (fieldErrors[field]) setFieldErrors(({ [field]: _removed, ...rest }) => rest)
    if (missing.includes(field) && value.trim()) setMissing((m) => m.filter((f) => f !== field))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (phase === 'submitting') return
    const website = String(new FormData(event.currentTarget).get('website') ?? '')
    const empty = missingRequired(values)
    setProblem(null)
    if (empty.length) {
      setMissing(empty)
      toastIncomplete()
      document.getElementById(`contact-${empty[0]}`)?.focus()
      return
    }
    setMissing([])
    if (!looksLikeEmail(values.email)) {
      setFieldErrors({ email: t('form.invalidEmail') })
      document.getElementById('contact-email')?.focus()
      return
    }
    setFieldErrors({})
    setPhase('submitting')
    let result: ReturnType<typeof readContactResponse>
    try {
      const response = await fetch(`/api/contact?lang=${lang}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(contactPayload(values, website, lang)),
      })
      result = readContactResponse(response.status, await response.json().catch(() => null))
    } catch {
      result = { ok: false, kind: 'failed', message: null }
    }
    if (result.ok) {
      setValues(emptyValues)
      setPhase('success')
      notify('success', t('toast.successTitle'), t('toast.successDescription'))
      return
    }
    // Failure: the values stay as typed.
    setPhase('editing')
    const shown = problemOf(result)
    setProblem(shown)
    if (result.kind === 'validation') {
      setFieldErrors(result.fields)
      const first = (['name', 'email', 'subject', 'message'] as const).find((f) => result.fields[f])
      if (first) document.getElementById(`contact-${first}`)?.focus()
    }
    notify('error', shown?.title ?? t('toast.errorTitle'), shown?.description)
  }

  function again() {
    setValues(emptyValues)
    setFieldErrors({})
    setProblem(null)
    setMissing([])
    setPhase('editing')
    requestAnimationFrame(() => nameRef.current?.focus())
  }

  if (phase === 'success') {
    return (
      <section
        data-testid="contact-success"
        aria-live="polite"
        className="card flex flex-col items-center py-12 text-center dark:border-slate-700 dark:bg-slate-900"
      >
        <CheckCircle2 aria-hidden="true" className="size-14 text-green-700 dark:text-green-400" />
        <h2 className="mt-4 text-2xl font-bold text-slate-900 dark:text-slate-50">{t('success.title')}</h2>
        <p className="mt-2 max-w-md text-slate-700 dark:text-slate-300">{t('success.description')}</p>
        {/* Without JavaScript the link reloads an empty form; with it, the form comes back in place. */}
        <a
          href={location.pathname}
          onClick={(event) => {
            event.preventDefault()
            again()
          }}
          className="btn-primary mt-8"
        >
          {t('success.again')}
        </a>
      </section>
    )
  }

  const submitting = phase === 'submitting'
  const errorFor = (field: ContactField) =>
    fieldErrors[field] ?? (missing.includes(field) ? t('form.requiredField') : undefined)

  return (
    <section aria-labelledby="contact-form-title" className="card dark:border-slate-700 dark:bg-slate-900">
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900 dark:text-slate-50">
        {t('form.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('form.requiredNote')}</p>
      <div aria-live="assertive" className="mt-4 empty:hidden">
        {problem ? (
          <div
            role="alert"
            data-testid="contact-problem"
            className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-semibold">{problem.title}</p>
            <p className="mt-1 text-sm">{problem.description}</p>
          </div>
        ) : null}
      </div>
      <form
        method="post"
        // The page says what is missing or wrong in the reader's language; the browser's bubbles would
        // add its own (English) "Please fill out this field" beside them.
        noValidate
        data-testid="contact-form"
        onSubmit={onSubmit}
        aria-busy={submitting || undefined}
        className="relative mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2"
      >
        <Field label={t('form.name')} required error={errorFor('name')} id="contact-name">
          {(props) => (
            <input
              {...props}
              ref={nameRef}
              name="name"
              type="text"
              autoComplete="name"
              placeholder={t('form.namePlaceholder')}
              value={values.name}
              onChange={(e) => update('name', e.target.value)}
              disabled={submitting}
            />
          )}
        </Field>
        <Field label={t('form.email')} required error={errorFor('email')} id="contact-email">
          {(props) => (
            <input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('form.emailPlaceholder')}
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
              disabled={submitting}
            />
          )}
        </Field>
        <Field
          label={t('form.subject')}
          hint={t('form.optional')}
          error={errorFor('subject')}
          id="contact-subject"
          wide
        >
          {(props) => (
            <input
              {...props}
              name="subject"
              type="text"
              placeholder={t('form.subjectPlaceholder')}
              value={values.subject}
              onChange={(e) => update('subject', e.target.value)}
              disabled={submitting}
            />
          )}
        </Field>
        <Field label={t('form.message')} required error={errorFor('message')} id="contact-message" wide>
          {(props) => (
            <textarea
              {...props}
              name="message"
              rows={6}
              placeholder={t('form.messagePlaceholder')}
              value={values.message}
              onChange={(e) => update('message', e.target.value)}
              disabled={submitting}
            />
          )}
        </Field>
        {/* Honeypot: people never see or reach it; bots that fill every field give themselves away. */}
        <div
          aria-hidden="true"
          data-testid="contact-honeypot"
          className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden"
        >
          <label htmlFor="contact-website">{t('form.honeypot')}</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('form.privacyNote')}{' '}
            <Link
              to={path('privacy')}
              className="font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
            >
              {t('form.privacyLink')}
            </Link>
          </p>
          <button type="submit" disabled={submitting} className="btn-primary shrink-0 gap-2">
            {submitting ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Send aria-hidden="true" className="size-5" />
            )}
            {submitting ? t('form.submitting') : t('form.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}

interface FieldProps {
  id: string
  label: string
  required?: boolean
  hint?: string
  error?: string
  wide?: boolean
  children: (props: {
    id: string
    required: boolean
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
    className: string
  }) => ReactNode
}

function Field({ id, label, required = false, hint, error, wide = false, children }: FieldProps) {
  const errorId = `${id}-error`
  return (
    <div className={cx('flex flex-col gap-1.5', wide && 'sm:col-span-2')}>
      <label htmlFor={id} className="font-medium text-slate-900 dark:text-slate-100">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        ) : null}
        {hint ? (
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300"> {hint}</span>
        ) : null}
      </label>
      {children({
        id,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        className: cx(
          'min-h-12 w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 disabled:bg-slate-100 disabled:text-slate-600 dark:bg-slate-950 dark:text-slate-50 dark:disabled:bg-slate-800',
          error
            ? 'border-red-600 focus:border-red-700 focus:ring-red-700/30'
            : 'border-slate-300 focus:border-blue-700 focus:ring-blue-700/30 dark:border-slate-600',
        ),
      })}
      <p
        id={errorId}
        aria-live="polite"
        className="min-h-0 text-sm font-medium text-red-700 empty:hidden dark:text-red-400"
      >
        {error ?? ''}
      </p>
    </div>
  )
}

function ContactInfo({ siteInfo }: { siteInfo: SiteInfo | null }) {
  const { t, lang } = useTranslation('contact')
  const emails = contactEmails(siteInfo)
  const hours = siteInfo?.hours
  const id = useId()
  return (
    <aside aria-labelledby={id} className="card h-fit dark:border-slate-700 dark:bg-slate-900">
      <h2 id={id} className="text-xl font-bold text-slate-900 dark:text-slate-50">
        {t('info.title')}
      </h2>
      <h3 className="mt-6 flex items-center gap-2 font-semibold text-slate-900 dark:text-slate-100">
        <Mail aria-hidden="true" className="size-5 text-blue-800 dark:text-blue-300" />
        {t('info.emails')}
      </h3>
      <ul data-testid="contact-emails" className="mt-2 space-y-1">
        {emails.map((email) => (
          <li key={email}>
            <a
              href={`mailto:${email}`}
              className="inline-flex min-h-11 items-center break-all font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
            >
              {email}
            </a>
          </li>
        ))}
      </ul>
      {hours ? (
        <>
          <h3 className="mt-6 flex items-center gap-2 font-semibold text-slate-900 dark:text-slate-100">
            <Clock aria-hidden="true" className="size-5 text-blue-800 dark:text-blue-300" />
            {t('info.hours')}
          </h3>
          <dl data-testid="contact-hours" className="mt-2 space-y-2 text-slate-700 dark:text-slate-300">
            <div>
              <dt className="text-sm font-medium text-slate-900 dark:text-slate-100">{t('info.weekdays')}</dt>
              <dd>{hours.weekdays[lang] ?? hours.weekdays.pt}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-900 dark:text-slate-100">{t('info.weekend')}</dt>
              <dd>{hours.weekend[lang] ?? hours.weekend.pt}</dd>
            </div>
          </dl>
        </>
      ) : null}
    </aside>
  )
}
