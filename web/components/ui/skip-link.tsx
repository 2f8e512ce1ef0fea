/** "Skip to content": the first thing a keyboard user reaches, shown only while focused (WCAG 2.4.1). */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:shadow focus:outline-2 focus:outline-primary"
    >
      Skip to content
    </a>
  );
}
