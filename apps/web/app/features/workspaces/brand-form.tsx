// The white-label form of /suite/workspace (owners and admins): name, colour, logo and contact printed on
// the workspace's PDF reports and shown on its client view.
import { type FormEvent, useEffect, useId, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type Brand, workspacesApi } from './api.ts'

const input =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function BrandForm({ defaultName }: { defaultName: string }) {
  const { t, lang } = useTranslation('workspaces')
  const ids = useId()
  const [brand, setBrand] = useState<Brand>({
    name: defaultName,
    color: '#1e40af',
    logo: null,
    contact: null,
  })
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    workspacesApi<{ brand: Brand | null }>('/workspaces/current/brand', lang)
      .then((r) => {
        if (r.brand) setBrand(r.brand)
      })
      .catch(() => {})
  }, [lang])

  const readLogo = (file: File | undefined) => {
    if (!file) return
    const reader = new FileReader()
    reader.onload = () => setBrand((b) => ({ ...b, logo: String(reader.result) }))
    reader.readAsDataURL(file)
  }
  const save = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    try {
      await workspacesApi('/workspaces/current/brand', lang, { method: 'PUT', body: JSON.stringify(brand) })
      notify('success', t('brand.saved'))
    } catch (err) {
      setError((err as Error).message)
    }
  }

  return (
    <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid="workspace-brand">
      <h2 className="text-lg font-semibold">{t('brand.title')}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('brand.hint')}</p>
      <form className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2" onSubmit={(e) => void save(e)}>
        {error ? (
          <p role="alert" className="text-red-800 sm:col-span-2 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <div>
          <label htmlFor={`${ids}-name`} className="text-sm font-medium">
            {t('brand.name')}
          </label>
          <input
            id={`${ids}-name`}
            className={input}
            maxLength={80}
            value={brand.name}
            onChange={(e) => setBrand({ ...brand, name: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-color`} className="text-sm font-medium">
            {t('brand.color')}
          </label>
          <input
            id={`${ids}-color`}
            type="color"
            className="block h-11 w-20"
            value={brand.color}
            onChange={(e) => setBrand({ ...brand, color: e.target.value })}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-contact`} className="text-sm font-medium">
            {t('brand.contact')}
          </label>
          <input
            id={`${ids}-contact`}
            className={input}
            maxLength={200}
            value={brand.contact ?? ''}
            onChange={(e) => setBrand({ ...brand, contact: e.target.value })}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-logo`} className="text-sm font-medium">
            {t('brand.logo')}
          </label>
          <div className="flex flex-wrap items-center gap-3">
            {brand.logo ? <img src={brand.logo} alt="" className="h-10 w-auto" /> : null}
            <input
              id={`${ids}-logo`}
              type="file"
              className="min-w-0 max-w-full"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => readLogo(e.target.files?.[0])}
            />
            {brand.logo ? (
              <button
                type="button"
                className="btn-outline btn-small"
                onClick={() => setBrand({ ...brand, logo: null })}
              >
                {t('brand.removeLogo')}
              </button>
            ) : null}
          </div>
        </div>
        <button type="submit" className="btn-primary justify-self-start">
          {t('brand.save')}
        </button>
      </form>
    </section>
  )
}
