import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

/**
 * The area doors of eslint.config.js (eslint-plugin-boundaries), proven on snippets linted as if
 * they were files of the tree: each import past a door must be refused, and its twin through the
 * door must pass (so a policy that matches nothing, or everything, fails here).
 */
const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function problems(code: string, filePath: string, ruleId: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath });
  return res.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}
const boundary = (code: string, filePath: string) => problems(code, filePath, 'boundaries/dependencies');

// The first lint loads the config, its plugins and the parser: once, here, however slow the machine.
beforeAll(() => eslint.lintText('export {};', { filePath: 'server/areas/kyc/probe.ts' }), 180_000);

describe('area doors', () => {
  it.each([
    [
      "an area's rules into another area's files",
      "import { getCard } from '../../funds/domain/cards';\nexport const g = getCard;",
      'server/areas/otc/domain/probe.ts',
      /otc area imports the funds area through its door only.*not domain\/cards\.ts/,
    ],
    [
      "an area's routes into another area's plugin",
      "import { fundsArea } from '../funds';\nexport const f = fundsArea;",
      'server/areas/kyc/probe.ts',
      /funds\/domain\/index\.ts/,
    ],
    [
      "the composition root into an area's files",
      "import { demoBannerLine } from './areas/accounts/domain/demo';\nexport const d = demoBannerLine;",
      'server/probe.ts',
      /accounts area through its door only/,
    ],
    [
      "a script into an area's tables",
      "import type { NftTables } from '../server/areas/nft/tables';\nexport type T = NftTables;",
      'scripts/probe.ts',
      /nft area through its door only.*not tables\.ts/,
    ],
    [
      "an area's test into another area's files",
      "import { fiatOrderLimitUsdt } from '../kyc/domain/limits';\nexport const f = fiatOrderLimitUsdt;",
      'server/areas/otc/probe.test.ts',
      /kyc\/domain\/index\.ts/,
    ],
    [
      "a test outside the areas into an area's files",
      "import { createArtist } from '../areas/nft/domain/catalog';\nexport const c = createArtist;",
      'server/verify/probe.test.ts',
      /nft area through its door only/,
    ],
    [
      'a shared service into an area',
      "import { fundsCurrency } from '../areas/funds/domain';\nexport const f = fundsCurrency;",
      'server/shared/probe.ts',
      /below the areas/,
    ],
  ])('refuses %s', async (_name, code, filePath, message) => {
    const found = await boundary(code, filePath);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    [
      "an area through another area's door",
      "import { getCard } from '../../funds/domain';\nexport const g = getCard;",
      'server/areas/otc/domain/probe.ts',
    ],
    [
      'an area into its own files',
      "import { fiatOrderLimitUsdt } from '../domain/limits';\nexport const f = fiatOrderLimitUsdt;",
      'server/areas/kyc/probe.ts',
    ],
    [
      "an area's test into its own files",
      "import { createArtist } from './domain/catalog';\nexport const c = createArtist;",
      'server/areas/nft/probe.test.ts',
    ],
    [
      'the composition root through a door',
      "import { demoBannerLine } from './areas/accounts/domain';\nexport const d = demoBannerLine;",
      'server/probe.ts',
    ],
    [
      'the area list into a plugin',
      "import { fundsArea } from './funds';\nexport const f = fundsArea;",
      'server/areas/index.ts',
    ],
    [
      'an area into a shared service',
      "import { getSetting } from '../../../shared/settings';\nexport const g = getSetting;",
      'server/areas/funds/domain/probe.ts',
    ],
  ])('lets %s through', async (_name, code, filePath) => {
    expect(await boundary(code, filePath)).toEqual([]);
  });

  it.each([
    ['nft', 'server/areas/nft/domain/probe.ts'],
    ['game', 'server/areas/game/domain/probe.ts'],
    ['chatroom', 'server/areas/chatroom/domain/probe.ts'],
  ])('keeps HTTP out of the %s rules', async (_area, filePath) => {
    const found = await problems(
      "import { ok } from '../../../http/envelope';\nexport const o = ok;",
      filePath,
      'no-restricted-imports',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/server\/http/);
  });
});
