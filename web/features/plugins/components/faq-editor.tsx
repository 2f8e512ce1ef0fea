import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { MAX_FAQ_ANSWER, MAX_FAQ_ENTRIES, MAX_FAQ_QUESTION } from '@common/plugin-admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { moveFaq, newFaqDraft, type FaqDraft } from '../lib/plugin-form';

/**
 * The plugin's FAQ (docs/plugins.md, "Storefront texts"): questions and answers in the order the plugin page lists
 * them. Entries are added, removed and moved here; nothing is saved until the form is.
 */
export function FaqEditor({ entries, error, onChange }: { entries: FaqDraft[]; error?: string; onChange: (entries: FaqDraft[]) => void }) {
  const update = (index: number, changes: Partial<FaqDraft>) => onChange(entries.map((entry, at) => (at === index ? { ...entry, ...changes } : entry)));
  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'plugin-faq-error' : undefined} data-testid="faq-editor">
      <legend className="text-sm font-medium">FAQ</legend>
      <p className="text-xs text-muted-foreground">
        Questions buyers ask, shown on the plugin&apos;s page (hidden while there are none). Plain text, up to {MAX_FAQ_ENTRIES} entries.
      </p>
      {entries.length > 0 && (
        <ol className="space-y-3">
          {entries.map((entry, index) => (
            <li key={entry.key} className="space-y-2 rounded-lg border p-3" data-testid="faq-entry">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Label htmlFor={`plugin-faq-${entry.key}-question`}>Question {index + 1}</Label>
                <div className="flex gap-1">
                  {[
                    { label: 'Move question', where: 'up', Icon: ArrowUp, isDisabled: index === 0, next: () => moveFaq(entries, index, -1) },
                    {
                      label: 'Move question',
                      where: 'down',
                      Icon: ArrowDown,
                      isDisabled: index === entries.length - 1,
                      next: () => moveFaq(entries, index, 1),
                    },
                    { label: 'Remove question', where: '', Icon: Trash2, isDisabled: false, next: () => entries.filter((_, at) => at !== index) },
                  ].map(({ label, where, Icon, isDisabled, next }) => (
                    <Button
                      key={label + where}
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`${label} ${index + 1}${where ? ` ${where}` : ''}`}
                      disabled={isDisabled}
                      onClick={() => onChange(next())}
                    >
                      <Icon className="size-4" aria-hidden="true" />
                    </Button>
                  ))}
                </div>
              </div>
              <Input
                id={`plugin-faq-${entry.key}-question`}
                value={entry.question}
                maxLength={MAX_FAQ_QUESTION}
                placeholder="Does it work with multisite?"
                onChange={(event) => update(index, { question: event.target.value })}
              />
              <Textarea
                aria-label={`Answer ${index + 1}`}
                value={entry.answer}
                maxLength={MAX_FAQ_ANSWER}
                rows={3}
                onChange={(event) => update(index, { answer: event.target.value })}
              />
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id="plugin-faq-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" disabled={entries.length >= MAX_FAQ_ENTRIES} onClick={() => onChange([...entries, newFaqDraft()])}>
        <Plus className="size-4" aria-hidden="true" /> Add question
      </Button>
    </fieldset>
  );
}
