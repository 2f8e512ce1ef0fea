import v8 from 'node:v8';
import vm from 'node:vm';

type GcFunction = (options?: { type?: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

let gc: GcFunction | null | undefined;

/**
 * Node frees a socket's read buffers only when V8 collects their small JS wrappers. A large upload makes
 * few JS objects, so no young-generation collection runs and tens of MB of spent buffers pile up before
 * V8's external-memory limit forces one. A scavenge every few MB (about a millisecond each) keeps the
 * resident memory of a 50 MB upload flat. Without the hook (flag refused) this is a no-op.
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
