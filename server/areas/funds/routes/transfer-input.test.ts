import { describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { parse } from '../../../kernel/validate';
import { requestInput } from '../../../kernel/input';
import { AppError } from '../../../errors';
import { TransferBody, transferFields } from './transfer-input';

/** an answer or the refusal's key and type, comparable */
function outcome(f: () => unknown): unknown {
  try {
    return { ok: f() };
  } catch (err) {
    if (err instanceof AppError) return { refused: err.key, type: err.type, params: err.params };
    throw err;
  }
}
const viaSchema = (query: unknown, body: unknown) =>
  outcome(() => parse(TransferBody, requestInput({ query, body } as FastifyRequest)));
const viaRead = (query: unknown, body: unknown) => outcome(() => transferFields(query, body));

const base = { currency_id: '4', number: '0.01', from_field: 'change', to_field: 'lever' };
const variants: Record<keyof typeof base, unknown[]> = {
  currency_id: [
    '4',
    4,
    '0004',
    ' 4',
    '4 ',
    '0',
    0,
    '-1',
    -1,
    '2147483647',
    '2147483648',
    2147483648,
    '99999999999',
    '4.0',
    4.5,
    '',
    'x',
    undefined,
    null,
    true,
    ['4'],
    NaN,
  ],
  number: ['0.01', 0.01, '', 'abc', ' 1 ', 1e21, NaN, Infinity, true, null, undefined, ['1'], {}],
  from_field: ['change', 'lever', '2', 2, ' change ', 'nope', 9, 0, '', NaN, Infinity, null, undefined, ['change']],
  to_field: ['lever', 'legal', '3', 3, 'micro', 'x', 2.5, null, undefined],
};

describe('the transfer input read straight', () => {
  it('gives what the schema gives, answer or refusal, field by field', () => {
    let n = 0;
    for (const [field, values] of Object.entries(variants))
      for (const v of values) {
        const body = { ...base, [field]: v };
        if (v === undefined) delete (body as Record<string, unknown>)[field];
        for (const query of [{}, undefined, Object.create(null) as object, { lang: 'en' }, { [field]: '5' }]) {
          expect(viaRead(query, body), `${field}=${String(v)} query=${JSON.stringify(query)}`).toEqual(
            viaSchema(query, body),
          );
          n++;
        }
      }
    for (const body of [null, undefined, 'x', [], {}, { extra: '1', ...base }])
      expect(viaRead({}, body), JSON.stringify(body)).toEqual(viaSchema({}, body));
    expect(n).toBeGreaterThan(300);
  });

  it("reads the apps' plain form without the schema", () => {
    const spy = vi.spyOn(TransferBody, 'safeParse');
    try {
      expect(transferFields({}, base)).toEqual({ currency_id: 4, number: '0.01', from_field: 2, to_field: 3 });
      expect(spy).not.toHaveBeenCalled();
      transferFields({ currency_id: '4' }, base); // a query is merged the schema's way
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
