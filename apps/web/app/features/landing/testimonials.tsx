import { useEffect, useState } from 'react'
import { ChevronLeft, ChevronRight } from '~/features/ui/icons.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { LandingTestimonial } from './proof.ts'

const testimonialIntervalMs = 5000

const navButton = 'btn-round'

/** The operator's testimonials (content/testimonials.json): advance every 5 s, pause on hover and focus, wrap, previous/next/dots. */
export function Testimonials({ items: testimonials }: { items: LandingTestimonial[] }) {
  const { t } = useTranslation('landing')
  const [current, setCurrent] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  const paused = hovered || focused
  const total = testimonials.length

  useEffect(() => setHydrated(true), [])

  useEffect(() => {
    if (paused) return
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % total), testimonialIntervalMs)
    return () => window.clearInterval(timer)
  }, [paused, total])

  const go = (index: number) => setCurrent((index + total) % total)

  return (
    <section className="bg-slate-50 py-16 dark:bg-slate-900" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="testimonials-title" className="section-title">
          {t('testimonials.title')}
        </h2>
        <section
          className="mt-10"
          aria-roledescription="carousel"
          aria-label={t('testimonials.label')}
          data-testid="testimonials"
          data-paused={paused}
          data-hydrated={hydrated}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
          }}
        >
          <div aria-live={paused ? 'polite' : 'off'} className="grid">
            {testimonials.map((item, index) => (
              <figure
                key={item.name}
                aria-roledescription="slide"
                aria-label={t('testimonials.slide', { current: index + 1, total })}
                hidden={index !== current}
                data-active={index === current}
                className="col-start-1 row-start-1 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-700 dark:bg-slate-950"
              >
                <blockquote className="text-lg text-slate-800 dark:text-slate-200">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center justify-center gap-4">
                  <span className="text-left">
                    <span className="block font-semibold text-slate-900 dark:text-slate-50">{item.name}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
          <div className="mt-6 flex items-center justify-center gap-3">
            <button
              type="button"
              className={navButton}
              onClick={() => go(current - 1)}
              aria-label={t('testimonials.previous')}
            >
              <ChevronLeft className="size-5" />
            </button>
            <div className="flex">
              {testimonials.map((item, index) => (
                <button
                  key={item.name}
                  type="button"
                  onClick={() => go(index)}
                  aria-label={t('testimonials.goTo', { number: index + 1 })}
                  aria-current={index === current ? 'true' : undefined}
                  className="inline-flex size-11 items-center justify-center"
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'block size-3 rounded-full',
                      index === current ? 'bg-blue-700 dark:bg-blue-400' : 'bg-slate-400 dark:bg-slate-500',
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={navButton}
              onClick={() => go(current + 1)}
              aria-label={t('testimonials.next')}
            >
              <ChevronRight className="size-5" />
            </button>
          </div>
        </section>
      </div>
    </section>
  )
}
