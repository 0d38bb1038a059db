// Email bodies in both languages. Pure: data in, {subject, text, html} out.
import type { Lang } from '../errors.ts'

export interface EmailContent {
  subject: string
  text: string
  html: string
}

export type EmailTemplate =
  | { kind: 'verification'; name: string; url: string }
  | { kind: 'reset-password'; name: string; url: string }
  | { kind: 'password-changed'; name: string }
  | { kind: 'report-ready'; name: string; url: string; site: string }
  | { kind: 'existing-account'; name: string; url: string }
  | {
      kind: 'invitation'
      /** The invitee's name when they have an account, else empty (the greeting then names nobody). */
      name: string
      url: string
      /** Who invites (their name, else their address) and to which workspace, with which role. */
      inviter: string
      workspace: string
      role: 'owner' | 'admin' | 'member' | 'client'
    }
  | { kind: 'scheduled-report'; name: string; url: string; site: string; lines: string[] }

const copy = {
  pt: {
    greeting: (name: string) => `Olá ${name},`,
    verification: {
      subject: 'Confirme o seu email no Farol',
      body: 'Obrigado por criar uma conta no Farol. Confirme o seu endereço de email para começar a usar a suite completa:',
      action: 'Confirmar email',
      expiry: 'Este link é válido durante 24 horas. Se não criou esta conta, ignore esta mensagem.',
    },
    'reset-password': {
      subject: 'Redefinir a sua password do Farol',
      body: 'Recebemos um pedido para redefinir a password da sua conta Farol. Use o link abaixo para escolher uma nova password:',
      action: 'Redefinir password',
      expiry:
        'Este link é válido durante 1 hora e só pode ser usado uma vez. Se não fez este pedido, ignore esta mensagem.',
    },
    'password-changed': {
      subject: 'A sua password do Farol foi alterada',
      body: 'A password da sua conta Farol acabou de ser alterada e as outras sessões foram terminadas.',
      action: '',
      expiry: 'Se não foi você, redefina a password imediatamente e contacte-nos.',
    },
    'report-ready': {
      subject: 'O seu relatório do Farol está pronto',
      body: 'O relatório completo (SEO desktop e mobile, otimização para IA) que pediu está pronto. Veja-o e descarregue o PDF na sua lista de relatórios:',
      action: 'Ver relatórios',
      expiry: 'Recebe este email porque tem as notificações por email ativas nas definições.',
    },
    'existing-account': {
      subject: 'Já tem uma conta no Farol',
      body: 'Alguém (talvez você) tentou criar uma conta no Farol com este endereço de email, mas já existe uma conta com ele. Se esqueceu a password, pode redefini-la aqui:',
      action: 'Redefinir password',
      expiry: 'Se não foi você, ignore esta mensagem: a sua conta não foi alterada.',
    },
    'scheduled-report': {
      subject: 'O resumo do seu site no Farol',
      body: 'Eis o que mudou no site neste período:',
      action: 'Ver no Farol',
      expiry: 'Recebe este email porque alguém da equipa o incluiu nos destinatários deste resumo.',
    },
    invitation: {
      subject: 'Convite para um espaço de trabalho no Farol',
      invited: (inviter: string, workspace: string, role: string) =>
        `${inviter} convidou-o para o espaço de trabalho «${workspace}» no Farol, com o papel de ${role}.`,
      roles: {
        owner: 'Proprietário: gere o espaço de trabalho, os sites e as pessoas',
        admin: 'Administrador: vê e altera os sites, convida e gere as pessoas',
        member: 'Membro: vê e altera os sites do espaço de trabalho',
        client: 'Cliente: vê os resultados e os relatórios dos sites partilhados consigo, sem os alterar',
      },
      body: 'Veja o convite para o aceitar ou recusar (se ainda não tem conta, crie-a com este endereço de email):',
      action: 'Ver convite',
      expiry: 'Este convite é válido durante 7 dias. Se não esperava este convite, ignore esta mensagem.',
    },
    signature: 'A equipa Farol',
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    verification: {
      subject: 'Confirm your email for Farol',
      body: 'Thank you for creating a Farol account. Confirm your email address to start using the full suite:',
      action: 'Confirm email',
      expiry: 'This link is valid for 24 hours. If you did not create this account, ignore this message.',
    },
    'reset-password': {
      subject: 'Reset your Farol password',
      body: 'We received a request to reset the password of your Farol account. Use the link below to choose a new password:',
      action: 'Reset password',
      expiry:
        'This link is valid for 1 hour and can be used once. If you did not ask for this, ignore this message.',
    },
    'password-changed': {
      subject: 'Your Farol password was changed',
      body: 'The password of your Farol account was just changed and your other sessions were signed out.',
      action: '',
      expiry: 'If this was not you, reset your password now and contact us.',
    },
    'report-ready': {
      subject: 'Your Farol report is ready',
      body: 'The full report you asked for (desktop and mobile SEO, AI optimisation) is ready. See it and download the PDF from your reports list:',
      action: 'View reports',
      expiry: 'You receive this email because email notifications are on in your settings.',
    },
    'existing-account': {
      subject: 'You already have a Farol account',
      body: 'Someone (perhaps you) tried to create a Farol account with this email address, but an account with it already exists. If you forgot your password, you can reset it here:',
      action: 'Reset password',
      expiry: 'If this was not you, ignore this message: your account was not changed.',
    },
    'scheduled-report': {
      subject: 'Your site summary from Farol',
      body: 'Here is what changed on the site in this period:',
      action: 'View in Farol',
      expiry:
        'You receive this email because someone on the team added you to the recipients of this summary.',
    },
    invitation: {
      subject: 'Invitation to a Farol workspace',
      invited: (inviter: string, workspace: string, role: string) =>
        `${inviter} invited you to the workspace “${workspace}” on Farol, with the role of ${role}.`,
      roles: {
        owner: 'Owner: manages the workspace, its sites and its people',
        admin: 'Admin: sees and changes the sites, invites and manages people',
        member: 'Member: sees and changes the workspace’s sites',
        client: 'Client: sees the results and reports of the sites shared with you, without changing them',
      },
      body: 'Open the invitation to accept or decline it (if you have no account yet, create one with this email address):',
      action: 'View invitation',
      expiry: 'This invitation is valid for 7 days. If you did not expect it, ignore this message.',
    },
    signature: 'The Farol team',
  },
} as const

/** The spec's default name when a user has none. */
const defaultName: Record<Lang, string> = { pt: 'Utilizador', en: 'User' }

/** Role names as the suite shows them (locales/<lang>/workspaces.json roles). */
const roleNames: Record<Lang, Record<string, string>> = {
  pt: { owner: 'proprietário', admin: 'administrador', member: 'membro', client: 'cliente' },
  en: { owner: 'owner', admin: 'admin', member: 'member', client: 'client' },
}

/**
 * Pure: text a stranger chose (a workspace's or a person's name) as plain text no mail client makes a
 * link of: one line without control or format characters (no hidden text, no reversed direction), and a
 * zero-width space after every dot, colon, slash and at sign, so "evil.example",
 * "http://…" and "a@b.c" are no longer addresses to an autolinker; it reads the same.
 */
export function unlinkable(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([.:/@])/g, '$1\u200b')
}

function renderInvitation(
  template: Extract<EmailTemplate, { kind: 'invitation' }>,
  lang: Lang,
): EmailContent {
  const c = copy[lang]
  const t = c.invitation
  const greeting = template.name.trim()
    ? c.greeting(unlinkable(template.name))
    : c.greeting('').replace(' ,', ',')
  const invited = t.invited(
    unlinkable(template.inviter),
    unlinkable(template.workspace),
    roleNames[lang][template.role] ?? template.role,
  )
  const role = t.roles[template.role]
  const text = [
    greeting,
    '',
    invited,
    role,
    '',
    t.body,
    '',
    template.url,
    '',
    t.expiry,
    '',
    c.signature,
  ].join('\n')
  // No bold headline: the stranger's words sit inside Farol's sentence, never above it.
  const html = `<!doctype html><html lang="${lang === 'pt' ? 'pt-PT' : 'en'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(invited)}<br>${escapeHtml(role)}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(template.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p><p style="font-size:13px;color:#475569">${escapeHtml(template.url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(t.expiry)}</p>
<p>${escapeHtml(c.signature)}</p>
</body></html>`
  return { subject: t.subject, text, html }
}

export function renderEmail(template: EmailTemplate, lang: Lang): EmailContent {
  if (template.kind === 'invitation') return renderInvitation(template, lang)
  const c = copy[lang]
  const t = c[template.kind]
  const name = template.name.trim() || defaultName[lang]
  const url = 'url' in template ? template.url : null
  const site = 'site' in template ? template.site : null
  const extra = 'lines' in template ? template.lines : []
  const lines = [
    c.greeting(name),
    '',
    ...(site ? [site, ''] : []),
    t.body,
    ...(extra.length ? ['', ...extra] : []),
    ...(url ? ['', url] : []),
  ]
  const text = [...lines, '', t.expiry, '', c.signature].join('\n')
  const html = `<!doctype html><html lang="${lang === 'pt' ? 'pt-PT' : 'en'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(c.greeting(name))}</p>
${site ? `<p><strong>${escapeHtml(site)}</strong></p>` : ''}
<p>${escapeHtml(t.body)}</p>
${extra.length ? `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(extra.join('\n'))}</pre>` : ''}
${url ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p><p style="font-size:13px;color:#475569">${escapeHtml(url)}</p>` : ''}
<p style="font-size:13px;color:#475569">${escapeHtml(t.expiry)}</p>
<p>${escapeHtml(c.signature)}</p>
</body></html>`
  return { subject: t.subject, text, html }
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
