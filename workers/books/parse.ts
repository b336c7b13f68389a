/**
 * Shape checks for the book channels (wire: core/types/book.ts). A message of the wrong shape is
 * dropped and counted; a level whose strings are not plain decimals is left to LocalBook, which
 * answers it with a resnapshot instead of a half-applied book.
 */
import type { BookLevelTuple, DepthMessage, TradePrint } from '../../core';
import { isDecimal, isObj, isSeq, isSymbol, isTime, validArray } from '../channels/validate';

function isLevels(v: unknown): v is BookLevelTuple[] {
  return (
    Array.isArray(v) &&
    v.every((l) => Array.isArray(l) && l.length === 2 && typeof l[0] === 'string' && typeof l[1] === 'string')
  );
}

function isDepthMessage(v: unknown): v is DepthMessage {
  if (!isObj(v) || (v.kind !== 'snapshot' && v.kind !== 'diff')) return false;
  if (!isSymbol(v.symbol) || !isSeq(v.epoch) || !isSeq(v.seq) || !isLevels(v.bids) || !isLevels(v.asks)) return false;
  if (v.kind === 'snapshot') return true;
  return (v.prevSeq === undefined || isSeq(v.prevSeq)) && (v.ts === undefined || isTime(v.ts));
}

function isTradePrint(v: unknown): v is TradePrint {
  return (
    isObj(v) &&
    isSymbol(v.symbol) &&
    isSeq(v.epoch) &&
    isSeq(v.seq) &&
    isTime(v.ts) &&
    isDecimal(v.price) &&
    isDecimal(v.qty) &&
    (v.side === 'buy' || v.side === 'sell')
  );
}

export const parseDepth = (data: unknown) => validArray(data, isDepthMessage);
export const parseTrades = (data: unknown) => validArray(data, isTradePrint);
