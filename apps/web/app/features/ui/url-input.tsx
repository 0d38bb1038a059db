import type { InputHTMLAttributes } from 'react'

type UrlInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'
> & { id: string; label: string }

/**
 * The site-address field of the landing, suite and report forms, with its hidden label. A text input,
 * not type=url, so a bare `example.com` is accepted; inputMode still brings up the address keyboard.
 */
export function UrlInput({ id, label, ...input }: UrlInputProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="url"
        type="text"
        inputMode="url"
        autoComplete="url"
        autoCapitalize="none"
        spellCheck={false}
        {...input}
      />
    </>
  )
}
