/**
 * The trading calls' value codes (WIRE.md "Spot", "Contracts", "Seconds options"), in one place:
 * the family's digit codes and our words both map to the domain's one enum. Anything else is the
 * parameter error.
 */
import type { LeverEntry, LeverSide, SpotSide } from '../../../core';
import { coded, optCoded } from '../../kernel/codes';

/** coin/trade `type`: 1 buy, 2 sell */
export const spotSide = coded<SpotSide>({ 1: 'buy', 2: 'sell' }, ['buy', 'sell']);

/** lever/submit `type`: 1 long, 2 short */
export const leverSide = coded<LeverSide>({ 1: 'long', 2: 'short' }, ['long', 'short']);

/** lever/submit `status`: 1 market, 0 limit (absent: market) */
export const leverEntry = coded<LeverEntry>({ 1: 'market', 0: 'limit' }, ['market', 'limit'], 'market');

/** lever/my_trade `status`: 0 pending (entrusted), 1 holding, 3 closed (absent: holding) */
export type LeverListStatus = 'entrusted' | 'position' | 'history';
export const leverListStatus = coded<LeverListStatus>(
  { 0: 'entrusted', 1: 'position', 2: 'history', 3: 'history' },
  ['entrusted', 'position', 'history'],
  'position',
);

/** lever/batch_close `type`: 0 all, 1 longs only, 2 shorts only (absent: all) */
export type BatchScope = 'all' | LeverSide;
export const batchScope = coded<BatchScope>({ 0: 'all', 1: 'long', 2: 'short' }, ['all', 'long', 'short'], 'all');

/** microtrade/submit `type`: 1 up, 2 down */
export const secondsDirection = coded<'up' | 'down'>({ 1: 'up', 2: 'down' }, ['up', 'down']);

/** microtrade/lists `status`: 1 open, 3 history (absent or "": both) */
export const secondsListStatus = optCoded<'pending' | 'settled'>({ 1: 'pending', 2: 'settled', 3: 'settled' }, [
  'pending',
  'settled',
]);

/** coin/list `status`: 1 open, 3 history (our words progress / complete) */
export const spotListStatus = optCoded<'progress' | 'complete'>({ 1: 'progress', 2: 'complete', 3: 'complete' }, [
  'progress',
  'complete',
]);
