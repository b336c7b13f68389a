/**
 * The one paging shape: the request fields (page 1.., limit 1..100), the page a list answers and
 * the row offset a query skips.
 */
import { z } from 'zod';
import { CONSTANTS, type Page } from '../../core';
import { intOr } from './fields';

export interface Paging {
  page: number;
  limit: number;
}

/** the request fields, to spread into a route's schema: `z.object({ ...pagingShape, status })` */
export const pagingShape = {
  page: intOr(1, 100_000, 1),
  limit: intOr(1, 100, CONSTANTS.pageSize),
};
export const PagingSchema = z.object(pagingShape);

/** the same fields with another default page size (the back office lists 20) */
export function pagingShapeOf(defaultLimit: number) {
  return { page: pagingShape.page, limit: intOr(1, 100, defaultLimit) };
}

export function pageOf<T>(list: T[], p: Paging, total: number): Page<T> {
  return { list, page: p.page, limit: p.limit, total };
}

export function offset(p: Paging): number {
  return (p.page - 1) * p.limit;
}
