/** Request-shape helpers shared by the funds route modules. */
import { z } from 'zod';
import { CONSTANTS } from '../../../../core';

export const idField = z.coerce.number().int().min(1).max(2_147_483_647);
export const pagingShape = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONSTANTS.pageSize),
};
export const Paging = z.object(pagingShape);
export const text = (max: number) => z.string().trim().max(max);
export const optText = (max: number) => z.string().trim().max(max).optional();
