/** The few line icons the public site uses (Lucide's drawings, inlined to keep the bundle small). */
import type { ReactNode } from 'react'

interface IconProps {
  className?: string
}

function Svg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  )
}

export function ArrowRight({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M5 12h14m-7-7 7 7-7 7" />
    </Svg>
  )
}

export function Check({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M20 6 9 17l-5-5" />
    </Svg>
  )
}

export function ChevronDown({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  )
}

export function ChevronLeft({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="m15 18-6-6 6-6" />
    </Svg>
  )
}

export function ChevronRight({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="m9 18 6-6-6-6" />
    </Svg>
  )
}

export function Menu({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  )
}

export function X({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Svg>
  )
}

export function Star({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z" />
    </Svg>
  )
}

export function Gauge({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="m12 14 4-4M3.34 19a10 10 0 1 1 17.32 0" />
    </Svg>
  )
}

export function Bot({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M12 8V4H8M2 14h2m16 0h2m-7-1v2m-6-2v2" />
      <rect x="4" y="8" width="16" height="12" rx="2" />
    </Svg>
  )
}

export function MessageSquareQuote({ className }: IconProps) {
  return (
    <Svg className={className}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 12a2 2 0 0 0 2-2V8H8m6 4a2 2 0 0 0 2-2V8h-2" />
    </Svg>
  )
}
