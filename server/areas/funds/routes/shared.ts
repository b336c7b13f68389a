/** Request-shape helpers shared by the funds route modules (paging: kernel/paging). */
import { z } from 'zod';
import { typeOfField } from '../domain/common';

export { id as idField, optText } from '../../../kernel/fields';

/** an amount as sent, a string or a number, as text */
export const amount = z.union([z.string(), z.number()]).transform((v) => String(v));
/** an account type by its field name or number (typeOfField) */
export const accountType = z.union([z.string(), z.number()]).transform((v) => typeOfField(v));
