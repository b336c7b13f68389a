import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

/**
 * The part boundaries of eslint.config.js, proven on snippets: each bad import must be reported,
 * and its good twin must not be (so a rule that matches nothing, or everything, fails here).
 */
const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath });
  return res.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    [
      'src/ into the worker insides',
      "import { LIGHT_PAINT_THEME } from '../../workers/paint/light-theme';\nexport const t = LIGHT_PAINT_THEME;",
      'src/market/probe.ts',
      /workers\/public\.ts/,
    ],
    [
      'src/ into worker types past the door',
      "import type { TickerRow } from '../../workers/api-types';\nexport type T = TickerRow;",
      'src/market/probe.ts',
      /workers\/public\.ts/,
    ],
    [
      'src/ into server/',
      "import { x } from '../../../server/config';\nexport const y = x;",
      'src/pages/fund/probe.ts',
      /server/,
    ],
    [
      'a component into the API client',
      "import { serviceStatus } from '../../api/service';\nexport const s = serviceStatus;",
      'src/components/service/probe.ts',
      /passes the call in/,
    ],
    [
      'core/ into the barrel',
      "import type { Period } from '../index';\nexport type P = Period;",
      'core/kline/probe.ts',
      /barrel/,
    ],
    [
      'core/ into Node',
      "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;",
      'core/calc/probe.ts',
      /Node/,
    ],
    ['core/ into a bare Node module', "import path from 'path';\nexport const p = path;", 'core/calc/probe.ts', /Node/],
    [
      'core/ into React',
      "import { useState } from 'react';\nexport const u = useState;",
      'core/calc/probe.ts',
      /no UI/,
    ],
    [
      'core/ into src/',
      "import { session } from '../../src/stores/session';\nexport const s = session;",
      'core/calc/probe.ts',
      /nothing of ours/,
    ],
    [
      'core/ into workers/',
      "import { LIGHT_PAINT_THEME } from '../../workers/public';\nexport const t = LIGHT_PAINT_THEME;",
      'core/types/probe.ts',
      /nothing of ours/,
    ],
    [
      'server/db into server/http',
      "import { AppError } from '../http/envelope';\nexport const E = AppError;",
      'server/db/probe.ts',
      /server\/errors\.ts/,
    ],
    [
      "an area's jobs into server/http",
      "import { requestLang } from '../../../http/lang';\nexport const l = requestLang;",
      'server/areas/products/jobs/probe.ts',
      /server\/http/,
    ],
    [
      "an area's domain into server/http",
      "import { ok } from '../../../http/envelope';\nexport const o = ok;",
      'server/areas/copytrade/domain/probe.ts',
      /server\/http/,
    ],
    [
      'server/auth into server/http',
      "import { requestLang } from '../http/lang';\nexport const l = requestLang;",
      'server/auth/probe.ts',
      /server\/http/,
    ],
  ])('reports %s', async (_name, code, filePath, message) => {
    const found = await restricted(code, filePath);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    [
      'src/ through the worker door',
      "import { LIGHT_PAINT_THEME } from '../../workers/public';\nexport const t = LIGHT_PAINT_THEME;",
      'src/market/probe.ts',
    ],
    [
      'src/ through the core barrel',
      "import { CONSTANTS } from '../../core';\nexport const c = CONSTANTS;",
      'src/stores/probe.ts',
    ],
    [
      'a component to core through the barrel',
      "import { CONSTANTS } from '../../../core';\nexport const c = CONSTANTS;",
      'src/components/service/probe.ts',
    ],
    [
      'core/ sibling to sibling',
      "import type { Period } from '../types/market';\nexport type P = Period;",
      'core/kline/probe.ts',
    ],
    ['core/ to decimal.js', "import Decimal from 'decimal.js';\nexport const D = Decimal;", 'core/calc/probe.ts'],
    [
      "an area's domain to server/errors",
      "import { AppError } from '../../../errors';\nexport const E = AppError;",
      'server/areas/funds/domain/probe.ts',
    ],
    [
      'server/auth to server/db',
      "import { inTransaction } from '../db/tx';\nexport const t = inTransaction;",
      'server/auth/probe.ts',
    ],
    [
      "an area's jobs to Node's http",
      "import http from 'node:http';\nexport const h = http;",
      'server/areas/trade/jobs/probe.ts',
    ],
    [
      "an area's routes to server/http",
      "import { ok } from '../../http/envelope';\nexport const o = ok;",
      'server/areas/copytrade/probe.ts',
    ],
  ])('allows %s', async (_name, code, filePath) => {
    expect(await restricted(code, filePath)).toEqual([]);
  });
});
