/** Request-shape helpers shared by the funds route modules. */
import { z } from 'zod';
import { CONSTANTS } from '../../../../core';
import { int, intOr } from '../../fields';

export { text, optText } from '../../fields';

export const idField = int(1);
export const pagingShape = {
  page: intOr(1, 100_000, 1),
  limit: intOr(1, 100, CONSTANTS.pageSize),
};
export const Paging = z.object(pagingShape);
