/**
 * The one start-up sequence every area adds to: ordered, idempotent seed steps, then the areas'
 * starts (their jobs). The composition root (app.ts) runs it once, after every area has
 * registered, so seeds always come before the jobs that read them. Seed steps insert with
 * ON CONFLICT DO NOTHING (or check first), so running them at each start never overwrites what
 * an operator has changed. Demo steps are separate and run only when the configuration turns
 * demo data on (config.demoUser: DEMO_USER, server/config.ts).
 */
import type { FastifyInstance } from 'fastify';

export interface SeedStep {
  /** the area that owns it, then what it seeds: for the log */
  area: string;
  name: string;
  /** demo data: skipped unless demo data are on */
  demo: boolean;
  run(): Promise<void>;
}

interface Start {
  area: string;
  run(): Promise<void>;
}

export class Startup {
  private readonly seeds: SeedStep[] = [];
  private readonly starts: Start[] = [];
  private done = false;

  /** adds a seed step; steps run in the order they are added (the order areas register in) */
  seed(area: string, name: string, run: () => Promise<void>, opts: { demo?: boolean } = {}): void {
    this.seeds.push({ area, name, demo: opts.demo ?? false, run });
  }

  /** adds an area's start (its jobs); starts run after every seed step, in the order added */
  start(area: string, run: () => Promise<void>): void {
    this.starts.push({ area, run });
  }

  /** the steps as they will run, for the log and the tests */
  plan(demo: boolean): string[] {
    return this.seeds.filter((s) => demo || !s.demo).map((s) => `${s.area}: ${s.name}`);
  }

  async run(opts: { demo: boolean }): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const s of this.seeds) if (opts.demo || !s.demo) await s.run();
    for (const s of this.starts) await s.run();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    startup: Startup;
  }
}

export function registerStartup(app: FastifyInstance): Startup {
  const startup = new Startup();
  app.decorate('startup', startup);
  return startup;
}
