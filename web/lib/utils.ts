import { clsx, type ClassValue } from 'clsx';

// Class merging. The admin app merges with tailwind-merge (web/app/admin-app.tsx installs it when its chunk loads);
// the storefront merges with `storefrontMerge` below, which keeps tailwind-merge (≈ 8 KB gzipped) off the landing
// page's JavaScript budget (docs/design.md section 9, bench/README.md "Storefront"). It resolves only the conflicts the
// public pages' components have, with tailwind-merge's result (web/lib/utils.test.ts compares the two): a class
// repeated, a later size-*, a font size after leading-*, flex-1 after shrink-0, a later
// rounded-*. A public component that passes another
// conflicting class (say `h-8` to a Button) must be checked against tailwind-merge there too.

type Merge = (classes: string) => string;

/** The variant prefix of a class (`md:hover:` of `md:hover:size-4`), outside any [arbitrary] part. */
function variantOf(name: string): string {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === '[') depth++;
    else if (name[i] === ']') depth--;
    else if (name[i] === ':' && depth === 0) end = i + 1;
  }
  return name.slice(0, end);
}

const CONFLICTS: Array<[later: RegExp, earlier: RegExp]> = [
  [/^size-/, /^size-/],
  [/^text-(xs|sm|base|lg|\d?xl)$/, /^leading-/],
  [/^flex-(1|auto|initial|none)$/, /^(shrink|grow|basis)(-|$)/],
  [/^rounded(-(none|xs|sm|md|lg|xl|\d?xl|full))?$/, /^rounded(-(none|xs|sm|md|lg|xl|\d?xl|full))?$/],
];

/** Whether a later class overrides an earlier one, as tailwind-merge decides for the cases in CONFLICTS. */
function overrides(later: string, earlier: string): boolean {
  const variant = variantOf(later);
  if (variant !== variantOf(earlier)) return false;
  const laterBase = later.slice(variant.length);
  const earlierBase = earlier.slice(variant.length);
  return CONFLICTS.some(([l, e]) => l.test(laterBase) && e.test(earlierBase));
}

/** The storefront's merge: the last of conflicting classes wins, as with tailwind-merge. */
export const storefrontMerge: Merge = (classes) => {
  const kept: string[] = [];
  const names = classes.split(/\s+/).filter(Boolean);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    if (kept.includes(name) || kept.some((later) => overrides(later, name))) continue;
    kept.push(name);
  }
  return kept.reverse().join(' ');
};

let merge: Merge = storefrontMerge;

/** Makes every later `cn` call merge with `full` (the admin app's tailwind-merge). */
export function setClassMerge(full: Merge): void {
  merge = full;
}

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
