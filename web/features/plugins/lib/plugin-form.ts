import type { z } from 'zod';
import { DEFAULT_CATEGORY } from '@common/categories';
import { pluginCreateSchema, pluginPatchSchema, type PluginCreate, type PluginPatch } from '@common/plugin-admin';
import type { AdminPlugin } from '@common/plugins';

// The create and edit forms hold text; lists are typed one item per line. The payload is checked with the
// server's own zod schema, so the page shows the same messages the API would answer.

/** One FAQ entry being edited; `key` keeps React's rows stable while entries move. */
export interface FaqDraft {
  key: number;
  question: string;
  answer: string;
}

let nextFaqKey = 1;
export const newFaqDraft = (question = '', answer = ''): FaqDraft => ({ key: nextFaqKey++, question, answer });

export interface PluginFormValues {
  slug: string;
  name: string;
  description: string;
  long_description: string;
  category: string;
  features: string;
  benefits: string;
  requirements: string;
  use_cases: string;
  faq: FaqDraft[];
  homepage: string;
  documentation_url: string;
  author: string;
  is_featured: boolean;
  /** Edit only: the product's id and name in Easy Digital Downloads (docs/migrating.md). */
  edd_item_id: string;
  edd_item_name: string;
}

export type PluginFormErrors = Partial<Record<keyof PluginFormValues, string>>;

export const EMPTY_PLUGIN_FORM: PluginFormValues = {
  slug: '',
  name: '',
  description: '',
  long_description: '',
  category: DEFAULT_CATEGORY,
  features: '',
  benefits: '',
  requirements: '',
  use_cases: '',
  faq: [],
  homepage: '',
  documentation_url: '',
  author: '',
  is_featured: false,
  edd_item_id: '',
  edd_item_name: '',
};

export const formFromPlugin = (plugin: AdminPlugin): PluginFormValues => ({
  slug: plugin.slug,
  name: plugin.name,
  description: plugin.description,
  long_description: plugin.long_description,
  category: plugin.category,
  features: plugin.features.join('\n'),
  benefits: plugin.benefits.join('\n'),
  requirements: plugin.requirements.join('\n'),
  use_cases: plugin.use_cases.join('\n'),
  faq: plugin.faq.map((entry) => newFaqDraft(entry.question, entry.answer)),
  homepage: plugin.homepage ?? '',
  documentation_url: plugin.documentation_url ?? '',
  author: plugin.author ?? '',
  is_featured: plugin.is_featured,
  edd_item_id: plugin.edd_item_id === null ? '' : String(plugin.edd_item_id),
  edd_item_name: plugin.edd_item_name ?? '',
});

/** One item per line; blank lines are dropped. */
export const toLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The FAQ as sent: entries left wholly empty are dropped, as blank lines are. */
export const toFaq = (drafts: FaqDraft[]) =>
  drafts.filter((entry) => entry.question.trim() !== '' || entry.answer.trim() !== '').map((entry) => ({ question: entry.question, answer: entry.answer }));

/** Moves the entry at `from` by `by` places (-1 up, 1 down); the list as it was at an end. */
export function moveFaq(drafts: FaqDraft[], from: number, by: -1 | 1): FaqDraft[] {
  const to = from + by;
  if (from < 0 || to < 0 || from >= drafts.length || to >= drafts.length) return drafts;
  const moved = [...drafts];
  const [entry] = moved.splice(from, 1);
  moved.splice(to, 0, entry!);
  return moved;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export const toPayload = (values: PluginFormValues) => ({
  slug: values.slug.trim(),
  name: values.name,
  description: values.description,
  long_description: values.long_description,
  category: values.category,
  features: toLines(values.features),
  benefits: toLines(values.benefits),
  requirements: toLines(values.requirements),
  use_cases: toLines(values.use_cases),
  faq: toFaq(values.faq),
  homepage: orNull(values.homepage),
  documentation_url: orNull(values.documentation_url),
  author: orNull(values.author),
  is_featured: values.is_featured,
});

type Checked<T> = { ok: true; payload: T } | { ok: false; errors: PluginFormErrors };

function check<T>(schema: z.ZodType<unknown, T>, payload: T): Checked<T> {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true, payload };
  const errors: PluginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PluginFormValues | undefined;
    // An FAQ entry's problem names the entry (its number in the list as sent).
    const entry = field === 'faq' && typeof issue.path[1] === 'number' ? `Question ${issue.path[1] + 1}: ` : '';
    if (field && !errors[field]) errors[field] = entry + issue.message;
  }
  return { ok: false, errors };
}

export const checkCreate = (values: PluginFormValues): Checked<PluginCreate> => check<PluginCreate>(pluginCreateSchema, toPayload(values));

/** The edit payload adds the EDD item fields (a new plugin gets them later, on its page). */
export const toEditPayload = (values: PluginFormValues) => ({
  ...toPayload(values),
  edd_item_id: values.edd_item_id.trim() === '' ? null : Number(values.edd_item_id.trim()),
  edd_item_name: orNull(values.edd_item_name),
});

export const checkEdit = (values: PluginFormValues): Checked<PluginPatch> => check<PluginPatch>(pluginPatchSchema, toEditPayload(values));

/** The slug a name suggests: lowercase, non-alphanumerics to single hyphens, trimmed to 100 characters. */
export const slugFromName = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
