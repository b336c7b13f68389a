/** Request-shape helpers shared by the product route modules (paging and input: kernel/). */
import { z } from 'zod';

export { id as idField } from '../../../kernel/fields';
/** A raw user-typed value: validated by the domain so each mistake gets its own message. */
export const raw = z.union([z.string(), z.number()]).optional();
