/**
 * Rebuilding a lost answer: when a crash fell between an operation's commit and the storing of
 * its answer, the key's committed_ref names the business row the operation wrote, and the route's
 * replay builds the same answer from it (routes whose answer is a read of that immutable row).
 * Routes that store their answer inside the operation's transaction (answerInTx) never need one.
 */
import type { FastifyInstance } from 'fastify';

export interface CommittedRef {
  type: string;
  id: string | number;
}

/** `app`: the serving app (its db, trading context, clock); `since`: when the key was reserved */
export type Replay = (app: FastifyInstance, userId: number, ref: CommittedRef, since: Date) => Promise<unknown>;

const replays = new Map<string, Replay>();

export function registerReplay(route: string, replay: Replay): void {
  replays.set(route, replay);
}

export function replayFor(route: string): Replay | undefined {
  return replays.get(route);
}
