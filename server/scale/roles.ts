/**
 * ROLES: which duties one process takes. One program; configuration picks the roles.
 * - api: HTTP + socket.io for customers and operators (any number of them);
 * - engine: matching, TP/SL, liquidations, seconds settlement and every other single-writer
 *   timer — one leader at a time among the engine processes (server/scale/leadership.ts);
 * - feed: the market source, published once through Redis (server/scale/relay.ts);
 * - jobs: timers and batch work on the job queue.
 * Unset ROLES is today's single process with every role, no lease and no Redis needed: cluster
 * mode (lease, fencing, forwarding, the relayed feed) starts only when ROLES is set.
 */
const ROLE_NAMES = ['api', 'engine', 'feed', 'jobs'] as const;
type RoleName = (typeof ROLE_NAMES)[number];

export interface Roles {
  api: boolean;
  engine: boolean;
  feed: boolean;
  jobs: boolean;
  /** ROLES was set: processes cooperate through PostgreSQL (lease) and Redis (feed, sockets) */
  cluster: boolean;
}

const ALL_ROLES: Roles = { api: true, engine: true, feed: true, jobs: true, cluster: false };

export function parseRoles(v: string | undefined): Roles {
  if (v === undefined || v.trim() === '') return { ...ALL_ROLES };
  const names = v
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(ROLE_NAMES as readonly string[]).includes(n));
  if (unknown.length || names.length === 0)
    throw new Error(`ROLES must be a comma list of ${ROLE_NAMES.join(', ')}, got "${v}"`);
  const has = (n: RoleName) => names.includes(n);
  return { api: has('api'), engine: has('engine'), feed: has('feed'), jobs: has('jobs'), cluster: true };
}

export function describeRoles(r: Roles): string {
  const names = ROLE_NAMES.filter((n) => r[n]).join(', ');
  return r.cluster ? `${names} (cluster)` : `${names} (one process)`;
}
