import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';

// The flags are written out where no import can reach them (package.json's scripts, the
// deployment's NODE_OPTIONS): every place that starts the server carries every flag.
describe('the server’s node flags', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const k8s = fs.readFileSync('deploy/k8s.yaml', 'utf8');

  it('npm start and npm run serve start the server with them', () => {
    for (const script of ['start', 'serve']) {
      for (const flag of SERVER_NODE_FLAGS) expect(pkg.scripts[script]?.split(' ')).toContain(flag);
    }
  });

  it('every server role in the deployment has them in NODE_OPTIONS', () => {
    const roles = k8s.match(/^kind: Deployment$/gm)?.length ?? 0;
    const options = [...k8s.matchAll(/name: NODE_OPTIONS, value: '([^']*)'/g)].map((m) => m[1]);
    expect(roles).toBeGreaterThan(0);
    expect(options).toHaveLength(roles);
    for (const o of options) for (const flag of SERVER_NODE_FLAGS) expect(o.split(' ')).toContain(flag);
  });
});
