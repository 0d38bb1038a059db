/** Dark mode is Tailwind's `dark` class on <html>; the server renders it from the session (no flash). */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : ''
}
