import { escapeHtml } from '../../lib/html.js';

/** An e-mail's HTML part written from its plain text: a paragraph per blank-line-separated block, line breaks kept, web addresses linked. */
export function textEmailHtml(text: string): string {
  const linked = (line: string) => escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => `<p>${paragraph.split('\n').map(linked).join('<br>')}</p>`);
  return `<!doctype html>\n<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">\n${paragraphs.join('\n')}\n</body></html>`;
}
