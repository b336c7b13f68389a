import { useCallback, useRef, type RefObject } from 'react';
import type { BookSnapshot } from '../../market/types';

interface MirrorWrite<C, E extends HTMLElement> {
  /** the book's root node */
  el: RefObject<E | null>;
  /** useBook's `write`: a snapshot of the rendered shape written into the nodes; false: render */
  write: (b: BookSnapshot) => boolean;
  /**
   * After each render (a layout effect): what was rendered, and `ctx`, what writing needs (null:
   * nothing is written — the book is not painted, its rows are text React keeps).
   */
  rendered: (book: BookSnapshot | null, ctx: C | null) => void;
}

/**
 * A painted book's DOM mirror (the rows under the worker's canvases, for screen readers,
 * keyboards and taps) follows its snapshots as the pair header's figures do: each one is written
 * into the nodes the last render made (`put`), and the book renders only when `shape` — what the
 * render depends on besides the figures (rows coming or going) — changed. `shape` and `put` are
 * module-level functions (one writer per book).
 */
export function useMirrorWrite<C, E extends HTMLElement = HTMLElement>(
  shape: (b: BookSnapshot) => string,
  put: (el: E, b: BookSnapshot, ctx: C) => boolean,
): MirrorWrite<C, E> {
  const el = useRef<E>(null);
  const last = useRef<{ shape: string; ctx: C | null }>({ shape: '', ctx: null });
  const write = useCallback(
    (b: BookSnapshot): boolean => {
      const r = last.current;
      const node = el.current;
      if (r.ctx === null || !node || shape(b) !== r.shape) return false;
      return put(node, b, r.ctx);
    },
    [shape, put],
  );
  const rendered = useCallback(
    (book: BookSnapshot | null, ctx: C | null) => {
      last.current = { shape: book ? shape(book) : '', ctx };
      // React compares with what it rendered last, not with what was written since: a row whose
      // figures came back to those would keep the written ones. The nodes say this snapshot.
      if (book) write(book);
    },
    [shape, write],
  );
  return { el, write, rendered };
}
