import v8 from 'node:v8';
import vm from 'node:vm';

type GcFunction = (options?: { type?: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

let gc: GcFunction | null | undefined;

/**
 * Node frees a socket's read buffers only when V8 collects their small JS wrappers. A large upload makes
 * few JS objects, so no young-generation collection runs and tens of MB of spent buffers pile up before
 * V8's external-memory limit forces one. A scavenge every few MB (about a millisecond each) keeps the
 * resident memory of a 50 MB upload flat. Without the hook (flag refused) this is a no-op.
 *
 * Measured (bench/README.md, "Release upload"): without it a 50 MB upload raised the resident memory by 30.7–31.9 MB,
 * over the 30 MB bar; with it by 3–9 MB, on disk and to a bucket alike. Setting `--expose-gc` at run time only
 * defines the `gc` function in a fresh context (the main context's globals are untouched) and changes no collector
 * behaviour; a minor collection is the cheapest kind and runs only while an upload streams.
 */
export function collectYoungGarbage(): void {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as GcFunction;
    } catch {
      gc = null;
    }
  }
  gc?.({ type: 'minor' });
}
