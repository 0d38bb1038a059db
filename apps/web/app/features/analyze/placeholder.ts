// The hero form's placeholder (spec §2: the install's {host}) suggests an address a visitor could audit.
// An install on a development or private address (localhost:4810, 127.0.0.1, farol.local) would suggest
// one nobody can audit from outside, so it suggests a real example domain instead. Pure.

/** example.com: the domain reserved for examples (RFC 2606), real and always reachable. */
export const EXAMPLE_HOST = 'example.com'

const PRIVATE_NAME = /(^|\.)(localhost|local|internal|test|invalid|lan|home\.arpa)$/i

export function placeholderHost(publicUrl: string): string {
  let url: URL
  try {
    url = new URL(publicUrl)
  } catch {
    return EXAMPLE_HOST
  }
  const name = url.hostname.replace(/^\[|\]$/g, '')
  const isAddress = /^[\d.]+$/.test(name) || name.includes(':')
  if (isAddress || PRIVATE_NAME.test(name) || !name.includes('.') || url.port) return EXAMPLE_HOST
  return url.host.replace(/^www\./i, '')
}
