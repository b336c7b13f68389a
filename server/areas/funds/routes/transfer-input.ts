/**
 * The transfer's input (spec §3 {currency_id, number, from_field, to_field}), the busiest money
 * route's. The plain form the apps send — no query, a body whose four fields are a coin id in
 * digits and texts (or numbers) — is read straight: the schema's parse (preprocess, unions,
 * transforms, the merged input object) cost more than the rest of the handler around the ledger's
 * call. Anything else goes through the schema itself, so every refusal and its message stay the
 * schema's; what the plain read gives is what the schema gives for the same input (tested).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../kernel/validate';
import { requestInput } from '../../../kernel/input';
import { INT4_MAX } from '../../../kernel/fields';
import { typeOfField } from '../domain/common';
import { accountType, amount, idField } from './shared';

export const TransferBody = z.object({
  currency_id: idField,
  number: amount,
  from_field: accountType,
  to_field: accountType,
});
type TransferFields = z.output<typeof TransferBody>;

/** what z.union([z.string(), z.number()]) takes: a string or a finite number */
const scalar = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** idField's value for a coin id in plain digits (or an integer), in range; else undefined */
function plainId(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT4_MAX ? n : undefined;
}

function hasKeys(o: object): boolean {
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) return true;
  return false;
}

/** TransferBody's output from a query and a body, as parse(TransferBody, requestInput(req)) gives it. */
export function transferFields(query: unknown, body: unknown): TransferFields {
  const plain = (typeof query !== 'object' || query === null || !hasKeys(query)) && typeof body === 'object' && body;
  if (plain) {
    const b = body as Record<string, unknown>;
    const id = plainId(b.currency_id);
    const { number, from_field: from, to_field: to } = b;
    if (id !== undefined && scalar(number) && scalar(from) && scalar(to))
      return { currency_id: id, number: String(number), from_field: typeOfField(from), to_field: typeOfField(to) };
  }
  return parse(TransferBody, requestInput({ query, body } as FastifyRequest));
}

/** The request's transfer input (transferFields). */
export const transferInput = (req: FastifyRequest): TransferFields => transferFields(req.query, req.body);
