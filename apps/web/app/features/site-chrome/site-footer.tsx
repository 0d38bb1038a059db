import { Link } from 'react-router'
import { BrandMark, useClientBrand } from '~/features/workspaces/client-brand.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { siteConfig } from '~/lib/site-config.ts'
import { LogoMark } from './logo.tsx'
import { mainNav, resourceNav } from './nav-items.ts'

const footerSections = [
  {
    id: 'footer-nav',
    title: 'footer.navigation',
    items: [{ key: 'home' as const, label: 'nav.home' }, ...mainNav],
  },
  { id: 'footer-resources', title: 'footer.resources', items: resourceNav },
]

const heading = 'text-sm font-semibold uppercase tracking-wide text-slate-300'
const link = 'inline-block py-1.5 text-slate-200 hover:text-white hover:underline'

export function SiteFooter() {
  const { t } = useTranslation()
  const path = useLocalizedPath()
  const year = new Date().getFullYear()
  const brand = useClientBrand()

  return (
    <footer className="border-t border-slate-900 bg-slate-900 text-slate-200 dark:border-slate-800">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          {brand ? (
            // A client of a branded workspace: the agency's name, not Farol's.
            <Link to="/dashboard/client" className="inline-flex items-center text-xl font-bold text-white">
              <BrandMark brand={brand} />
            </Link>
          ) : (
            <>
              <Link to={path('home')} className="inline-flex items-center gap-2 text-xl font-bold text-white">
                <LogoMark />
                <span>{t('brand')}</span>
              </Link>
              <p className="mt-4 max-w-sm text-slate-300">{t('footer.description')}</p>
            </>
          )}
          {siteConfig.social.length ? (
            <>
              <h2 className="sr-only">{t('footer.social')}</h2>
              <ul className="mt-4 flex gap-4" data-testid="footer-social">
                {siteConfig.social.map((item) => (
                  <li key={item.name}>
                    <a href={item.href} rel="noopener me" className={link}>
                      {item.name}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        {/* A branded client's footer: the agency's name and contact, none of Farol's pages or addresses. */}
        {brand ? (
          brand.contact ? (
            <p className="text-slate-200 lg:col-span-3" data-testid="footer-brand-contact">
              {brand.contact}
            </p>
          ) : null
        ) : (
          <>
            {footerSections.map((section) => (
              <nav key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id} className={heading}>
                  {t(section.title)}
                </h2>
                <ul className="mt-3">
                  {section.items.map((item) => (
                    <li key={item.key}>
                      <Link to={path(item.key)} className={link}>
                        {t(item.label)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
            <div>
              <h2 className={heading}>{t('footer.contact')}</h2>
              <address className="mt-3 space-y-1 not-italic">
                <p>
                  {t('footer.generalEmail')}:{' '}
                  <a href={`mailto:${siteConfig.contactEmail}`} className={link}>
                    {siteConfig.contactEmail}
                  </a>
                </p>
                <p>
                  {t('footer.supportEmail')}:{' '}
                  <a href={`mailto:${siteConfig.supportEmail}`} className={link}>
                    {siteConfig.supportEmail}
                  </a>
                </p>
                <p className="text-slate-300">{t('footer.location')}</p>
              </address>
            </div>
          </>
        )}
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-300">{t('footer.rights', { year })}</p>
          <nav aria-label={t('footer.legal')}>
            <ul className="flex gap-4">
              <li>
                <Link to={path('terms')} className={link}>
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link to={path('privacy')} className={link}>
                  {t('footer.privacy')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
