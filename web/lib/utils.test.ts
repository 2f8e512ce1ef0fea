import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { storefrontMerge } from './utils';

// The storefront's class merge gives tailwind-merge's answer for the conflicts the public pages have (the cases
// below were logged by comparing both on every public page) and for classes that do not conflict.
const CASES: string[] = [
  // Button size lg repeats the base's rounded-md.
  'inline-flex items-center rounded-md text-sm bg-primary hover:bg-primary/90 h-10 rounded-md px-6 w-full',
  // CardTitle given a font size: the size's own line height wins over leading-none.
  'font-semibold leading-none text-xl',
  'font-semibold leading-none text-2xl',
  // A Button stretched with flex-1.
  "gap-2 [&_svg:not([class*='size-'])]:size-4 shrink-0 outline-none h-9 px-4 py-2 flex-1",
  // The spinner at another size.
  'size-6 animate-spin text-muted-foreground size-8',
  // A skeleton with its own corners.
  'animate-pulse rounded-md bg-muted h-64 rounded-xl',
  // Side corners are not the whole radius.
  'rounded-md rounded-t-none',
  // No conflict: unchanged.
  'flex min-h-screen flex-col md:flex-row md:size-4 size-4 hover:text-foreground focus-visible:outline-2',
  // Variants keep their own groups.
  'md:size-4 size-8 md:text-sm leading-none',
];

describe('storefrontMerge', () => {
  it.each(CASES)('merges %s as tailwind-merge does', (classes) => {
    expect(storefrontMerge(clsx(classes))).toBe(twMerge(clsx(classes)));
  });

  it('merges the same class named twice into one', () => {
    expect(storefrontMerge('p-2  p-2 ')).toBe('p-2');
  });
});
