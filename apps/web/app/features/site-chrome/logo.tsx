export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#0b2545" />
      <path d="M16 5l3 4h-6z" fill="#fbbf24" />
      <path d="M13 10h6l2 17H11z" fill="#f8fafc" />
      <path d="M12.4 15h7.2l.5 4h-8.2z" fill="#dc2626" />
      <path d="M19 8.5l9-3v7z M13 8.5l-9-3v7z" fill="#fbbf24" opacity=".55" />
    </svg>
  )
}
