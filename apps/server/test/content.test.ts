// Contact messages are never lost (stored first, emailed by a retried job) and blog posts are served
// from the seeded table, newest first.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { startFarol } from '../src/composition/server.ts'
import { seedBlogPosts } from '../src/features/blog/service.ts'
import { contactMessages, emailOutbox } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, startSmtpCapture, testConfig } from './helpers.ts'

const log = createLogger('silent')

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await fn()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe('contact form API', () => {
  it('stores the message while mail is down and delivers it when the mail server returns', async () => {
    const smtpPort = await freePort()
    const port = await freePort()
    const farol = await startFarol(
      testConfig({
        port,
        env: {
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          FAROL_CONTACT_EMAILS: 'equipa@farol.test',
          FAROL_CONTACT_PER_10_MIN: '2',
        },
      }),
      log,
    )
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${farol.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
        body: JSON.stringify(body),
      })
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined
    try {
      const bad = await post({ name: '', email: 'not-an-email', message: '' })
      expect(bad.status).toBe(400)
      expect((await bad.json()).error.fields).toEqual({
        name: 'Indique o seu nome.',
        email: 'Indique um email válido.',
        message: 'Escreva a sua mensagem (até 5000 caracteres).',
      })

      const sent = await post({
        name: 'Marta',
        email: 'marta@example.pt',
        subject: 'Dúvida',
        message: 'Olá, equipa Farol!',
        website: '',
      })
      expect(sent.status).toBe(201)
      const [stored] = await farol.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, 'marta@example.pt'))
      expect(stored).toMatchObject({
        name: 'Marta',
        subject: 'Dúvida',
        message: 'Olá, equipa Farol!',
        spam: false,
      })

      // Mail is down: the delivery fails and stays queued for another attempt.
      await waitFor(async () => {
        const [m] = await farol.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.to, 'equipa@farol.test'))
        return m && m.attempts >= 1 ? m : undefined
      }, 30_000)

      smtp = await startSmtpCapture(smtpPort)
      const mail = await smtp.next('equipa@farol.test', 0, 90_000)
      expect(mail.text).toContain('Olá, equipa Farol!')
      expect(mail.text).toContain('marta@example.pt')

      const bot = await post({
        name: 'Bot',
        email: 'bot@example.com',
        message: 'buy',
        website: 'http://spam.example',
      })
      expect(bot.status).toBe(201)
      const [trapped] = await farol.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, 'bot@example.com'))
      expect(trapped!.spam).toBe(true)
      expect(
        await farol.database.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.subject, '[Farol] Mensagem de contacto — Bot')),
      ).toEqual([])

      const limited = await post(
        { name: 'Marta', email: 'marta@example.pt', message: 'again' },
        { 'accept-language': 'en' },
      )
      expect(limited.status).toBe(429)
      expect((await limited.json()).error.message).toBe(
        'Too many requests. Wait a few minutes and try again.',
      )
    } finally {
      await farol.stop()
      await smtp?.close()
    }
  }, 150_000)

  it('publishes the contact addresses and opening hours from configuration', async () => {
    const port = await freePort()
    const farol = await startFarol(
      testConfig({ port, env: { FAROL_CONTACT_EMAILS: 'a@farol.test, b@farol.test' } }),
      log,
    )
    try {
      expect(await (await fetch(`${farol.url}/api/site-info`)).json()).toEqual({
        contactEmails: ['a@farol.test', 'b@farol.test'],
        hours: {
          weekdays: { pt: '09:00–18:00', en: '09:00–18:00' },
          weekend: { pt: 'Encerrado', en: 'Closed' },
        },
      })
    } finally {
      await farol.stop()
    }
  })
})

describe('blog API', () => {
  it('serves seeded posts newest first, undated last, and each post with its Markdown', async () => {
    const port = await freePort()
    const farol = await startFarol(testConfig({ port }), log)
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'farol-blog-'))
      const post = (slug: string, date: string) =>
        `---\nslug: ${slug}\n${date ? `date: ${date}\n` : ''}title_pt: ${slug} pt\ntitle_en: ${slug} en\n---\n<!-- pt -->\nTexto de ${slug}.\n<!-- en -->\nText of ${slug}.\n`
      writeFileSync(path.join(dir, 'a.md'), post('mais-antigo', '2025-01-02'))
      writeFileSync(path.join(dir, 'b.md'), post('mais-recente', '2026-10-01'))
      writeFileSync(path.join(dir, 'c.md'), post('sem-data', ''))
      expect(await seedBlogPosts(farol.database.db, dir)).toBe(3)
      const { posts } = await (await fetch(`${farol.url}/api/blog-posts`)).json()
      const slugs = posts.map((p: { slug: string }) => p.slug)
      expect(slugs.indexOf('mais-recente')).toBeLessThan(slugs.indexOf('mais-antigo'))
      expect(slugs.at(-1)).toBe('sem-data')
      const one = await (await fetch(`${farol.url}/api/blog-posts/mais-recente`)).json()
      expect(one.post).toMatchObject({
        slug: 'mais-recente',
        body: { pt: 'Texto de mais-recente.', en: 'Text of mais-recente.' },
        readingMinutes: { pt: 1, en: 1 },
      })
      expect((await fetch(`${farol.url}/api/blog-posts/nao-existe`)).status).toBe(404)
    } finally {
      await farol.stop()
    }
  })
})
