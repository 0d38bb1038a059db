import { ImageOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { imageAttempt } from './image-attempts.ts'

interface BlogImageProps {
  src: string | null
  alt: string
  width: number
  height: number
  className?: string
  priority?: boolean
}

/**
 * A post image (spec §4): on error it is retried up to 2 times, then the local fallback image is shown,
 * then the text 'Image not available'. Errors that happen before hydration are caught on mount.
 */
export function BlogImage({ src, alt, width, height, className, priority = false }: BlogImageProps) {
  const { t } = useTranslation('blog')
  const [failures, setFailures] = useState(0)
  const ref = useRef<HTMLImageElement>(null)
  const current = imageAttempt(src, failures)

  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.naturalWidth === 0) setFailures((n) => n + 1)
  }, [])

  if (!current) {
    return (
      <div
        role="img"
        aria-label={t('image.unavailable')}
        className={cx(
          'flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 bg-slate-100 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200',
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-6" />
        <span aria-hidden="true">{t('image.unavailable')}</span>
      </div>
    )
  }

  return (
    <img
      ref={ref}
      key={current}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailures((n) => n + 1)}
      className={cx('aspect-[16/9] w-full bg-slate-100 object-cover dark:bg-slate-800', className)}
    />
  )
}
