/** The shop's mark: a race bib with a number. */
export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect x="3" y="6" width="26" height="20" rx="4" fill="#f26419" />
      <rect x="6" y="10" width="20" height="12" rx="2" fill="#fff" />
      <circle cx="6.5" cy="8.5" r="1.2" fill="#fff" />
      <circle cx="25.5" cy="8.5" r="1.2" fill="#fff" />
      <path d="M11 19v-6l-2 1.5M15 13h4l-3 6" stroke="#14213d" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
