import { useState, type FormEvent } from 'react';
import { renderMarkdown } from '@common/markdown';
import { STORE_PAGE_INFO, type FaqEntry, type StorePage } from '@common/store-pages';
import { MarkdownContent } from '@/components/markdown-content';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useAdminStorePages, useUpdateStorePage } from '../api/store-identity';

/** The vendor's text pages: pick one, edit its Markdown with a live preview (the storefront's own renderer). */
export function PagesEditor() {
  const pages = useAdminStorePages();
  const [selected, setSelected] = useState<StorePage['slug']>('about');
  const page = pages.data?.find((candidate) => candidate.slug === selected);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pages</CardTitle>
        <CardDescription>About, Documentation, Support, Privacy, Terms of Sale and Refund Policy, written in Markdown. Raw HTML shows as text.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2" role="tablist" aria-label="Page">
          {Object.entries(STORE_PAGE_INFO).map(([slug, info]) => (
            <Button
              key={slug}
              type="button"
              role="tab"
              aria-selected={slug === selected}
              variant={slug === selected ? 'default' : 'outline'}
              size="sm"
              onClick={() => setSelected(slug as StorePage['slug'])}
            >
              {info.name}
            </Button>
          ))}
        </div>
        {pages.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(pages.error, 'Failed to load the pages')}</AlertDescription>
          </Alert>
        )}
        {page && <PageForm key={`${page.slug} ${page.updated_at}`} page={page} />}
      </CardContent>
    </Card>
  );
}

function PageForm({ page }: { page: StorePage }) {
  const [title, setTitle] = useState(page.title);
  const [lead, setLead] = useState(page.lead);
  const [markdown, setMarkdown] = useState(page.markdown);
  const [faq, setFaq] = useState<FaqEntry[]>(page.faq);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateStorePage();
  const setEntry = (index: number, field: keyof FaqEntry, value: string) =>
    setFaq((entries) => entries.map((entry, at) => (at === index ? { ...entry, [field]: value } : entry)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { slug: page.slug, patch: { title, lead, markdown, faq } },
      {
        onSuccess: () => toast({ title: 'Page Saved', description: `${STORE_PAGE_INFO[page.slug].name} is updated on the storefront.` }),
        onError: (caught) => setError(errorMessage(caught, 'Failed to save the page')),
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-muted-foreground">
        {page.updated_at ? `Last updated ${new Date(page.updated_at).toLocaleString('en-GB')}` : 'Not saved yet: the storefront shows the default text.'}{' '}
        <a className="underline" href={STORE_PAGE_INFO[page.slug].path} target="_blank" rel="noopener">
          View page
        </a>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="page-title">Title</Label>
          <Input id="page-title" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={120} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="page-lead">Lead</Label>
          <Input id="page-lead" value={lead} onChange={(event) => setLead(event.target.value)} maxLength={300} />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="page-markdown">Text (Markdown)</Label>
          <Textarea id="page-markdown" className="min-h-72 font-mono text-sm" value={markdown} onChange={(event) => setMarkdown(event.target.value)} />
        </div>
        <div className="space-y-2">
          <p className="text-sm font-medium">Preview</p>
          <MarkdownContent html={renderMarkdown(markdown)} className="min-h-72 rounded-md border p-4 text-sm" />
        </div>
      </div>
      {page.slug === 'support' && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Frequently asked questions</legend>
          {faq.map((entry, index) => (
            <div key={index} className="space-y-2 rounded-md border p-3">
              <Input aria-label={`Question ${index + 1}`} value={entry.question} onChange={(event) => setEntry(index, 'question', event.target.value)} />
              <Textarea aria-label={`Answer ${index + 1}`} value={entry.answer} rows={2} onChange={(event) => setEntry(index, 'answer', event.target.value)} />
              <Button type="button" variant="outline" size="sm" onClick={() => setFaq((entries) => entries.filter((_, at) => at !== index))}>
                Remove question
              </Button>
            </div>
          ))}
          <Button type="button" variant="outline" size="sm" onClick={() => setFaq((entries) => [...entries, { question: '', answer: '' }])}>
            Add question
          </Button>
        </fieldset>
      )}
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save page'}
      </Button>
    </form>
  );
}
