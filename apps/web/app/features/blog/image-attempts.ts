export const fallbackImage = '/images/blog/fallback.svg'
const maxImageRetries = 2

/**
 * The source to show after `failures` load errors (spec §4): the image, then the image retried up to
 * twice (with a cache-busting query), then the local fallback image, then null ('Image not available').
 */
export function imageAttempt(src: string | null, failures: number): string | null {
  if (src && failures <= maxImageRetries) return failures === 0 ? src : withRetry(src, failures)
  const fallbackFailures = src ? failures - maxImageRetries - 1 : failures
  return fallbackFailures === 0 ? fallbackImage : null
}

function withRetry(src: string, attempt: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`
}
