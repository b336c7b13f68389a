import type { GameSide, GameState, GameVerify } from '../../core';
import { get, post } from './client';

/** The up/down mini game (/api/game/…). Shapes: core/types/game.ts. A stake runs once (idempotency key). */
const q = { quiet: true } as const;

export const gameState = () => get<GameState>('/game/state', {}, q);
export const gameVerify = (id: number) => get<GameVerify>('/game/verify', { id }, q);
export const placeStake = (roundId: number, side: GameSide, amount: string) =>
  post<{ stake_id: number; amount: string }>('/game/stake', { round_id: roundId, side, amount }, { idempotent: true });
