import { cn } from '@/lib/utils';

/**
 * HTML made by renderMarkdown (common/markdown.ts): raw HTML escaped, links only http(s), mailto or this site's
 * paths, images only https (lazy, no Referer). That function is the one safety gate; nothing else may be set as HTML here.
 */
export function MarkdownContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        'space-y-4 leading-relaxed break-words',
        '[&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4',
        '[&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold',
        '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
        '[&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm [&_hr]:border-border',
        '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
