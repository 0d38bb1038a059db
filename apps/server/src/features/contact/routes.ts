// POST /api/contact: the message is stored first, then emailed to the team through the outbox (a retried
// job), so it is never lost even when mail is down. Spam defence: a honeypot field and a per-address limit.
import { and, count, eq, gte } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { contactMessages } from '../../platform/db/schema.ts'
import type { Outbox } from '../../platform/email/outbox.ts'
import { escapeHtml } from '../../platform/email/templates.ts'
import { AppError, type Lang, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'

const messages = {
  name: { pt: 'Indique o seu nome.', en: 'Enter your name.' },
  email: { pt: 'Indique um email válido.', en: 'Enter a valid email address.' },
  message: {
    pt: 'Escreva a sua mensagem (até 5000 caracteres).',
    en: 'Write your message (up to 5000 characters).',
  },
  subject: { pt: 'O assunto pode ter até 200 caracteres.', en: 'The subject can have up to 200 characters.' },
}

const contactInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  subject: z.string().trim().max(200).optional().default(''),
  message: z.string().trim().min(1).max(5000),
  website: z.string().optional().default(''),
  lang: z.enum(['pt', 'en']).optional(),
})

export function contactRoutes(deps: {
  db: Db
  config: Config
  outbox: Outbox
  clientAddress: (c: Context) => string
}): Hono {
  const api = new Hono()

  api.get('/site-info', (c) => {
    const weekend = deps.config.contact.hoursWeekend
    return c.json({
      contactEmails: deps.config.contact.emails,
      hours: {
        weekdays: { pt: deps.config.contact.hoursWeekdays, en: deps.config.contact.hoursWeekdays },
        weekend: weekend ? { pt: weekend, en: weekend } : { pt: 'Encerrado', en: 'Closed' },
      },
    })
  })

  api.post('/contact', async (c) => {
    const json = jsonOf(c)
    const parsed = contactInput.safeParse(json)
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues
          .map((issue) => String(issue.path[0]))
          .filter((f): f is keyof typeof messages => f in messages)
          .map((f) => [f, messages[f]]),
      )
      throw new AppError('VALIDATION', parsed.error.message, fields)
    }
    const input = parsed.data
    const lang: Lang = input.lang ?? requestLang(null, c.req.header('accept-language'))
    const clientIp = deps.clientAddress(c)
    const since = new Date(Date.now() - 10 * 60 * 1000)
    const [recent] = await deps.db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.clientIp, clientIp), gte(contactMessages.createdAt, since)))
    if ((recent?.n ?? 0) >= deps.config.contact.perTenMinutes) throw new AppError('RATE_LIMITED')

    const spam = input.website.trim() !== ''
    const [row] = await deps.db
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject || null,
        message: input.message,
        lang,
        clientIp,
        spam,
      })
      .returning({ id: contactMessages.id })
    if (!spam) {
      const subject = `[Farol] ${input.subject || (lang === 'pt' ? 'Mensagem de contacto' : 'Contact message')} — ${input.name}`
      const text = [
        `De / From: ${input.name} <${input.email}>`,
        `Idioma / Language: ${lang}`,
        `Id: ${row!.id}`,
        '',
        input.message,
      ].join('\n')
      const html = `<pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`
      for (const to of deps.config.contact.emails)
        await deps.outbox.queue(to, 'contact', { subject, text, html })
    }
    // A bot that filled the honeypot gets the same answer as a person, so it learns nothing.
    return c.json({ ok: true }, 201)
  })

  return api
}
