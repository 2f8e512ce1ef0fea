import { z } from 'zod';

// The dashboard's first-run checklist (issue 25; docs/dashboard.md, "First-run checklist"): what a new shop still
// needs before it can sell, each item linking to the page where it is done and ticking itself once it is.

export const SETUP_STEP_IDS = ['shop_address', 'store_identity', 'store_terms', 'first_plugin', 'first_release', 'price', 'payments', 'email'] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

export const setupStepSchema = z.object({
  id: z.enum(SETUP_STEP_IDS),
  title: z.string(),
  /** What to do, or what was found. */
  hint: z.string(),
  /** The admin page where it is done. */
  path: z.string(),
  done: z.boolean(),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

export const setupChecklistSchema = z.object({
  steps: z.array(setupStepSchema),
  /** Every step done. */
  complete: z.boolean(),
  /** The vendor hid the checklist before finishing it. */
  dismissed: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const setupChecklistDismissSchema = z.object({ dismissed: z.boolean({ error: 'dismissed must be true or false' }) });
