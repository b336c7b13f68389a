/**
 * A Vite plugin that declares some libraries free of side effects on import.
 *
 * decimal.js only defines its class: no globals, no registration. Its package.json does not say
 * so, and Vite's resolver then marks it "has side effects", so every chunk that reaches the core
 * barrel (for a type or a constant) kept it, and the money math with it — Login included. Declared
 * pure here, it comes only with code that calculates. (A `treeshake.moduleSideEffects` rule does
 * not do it: the resolver's answer overrides the option; a transform's answer overrides both.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CORE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'core') + path.sep;
/**
 * decimal.js, and our own core/: types, rules and math, no DOM, nothing run on import (its lint
 * rule keeps it so). Without this a page reaching the barrel for one constant kept every core
 * module with a top-level call in it (the indicator parameter table, the NFT box verifier).
 */
const PURE = new RegExp(
  `/node_modules/decimal\\.js/|^${CORE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?!.*node_modules)`,
);

export function pureLibraries(): Plugin {
  return {
    name: 'h5-pure-libraries',
    apply: 'build',
    transform: {
      filter: { id: PURE },
      handler(code, id) {
        return PURE.test(id) ? { code, map: null, moduleSideEffects: false } : null;
      },
    },
  };
}
