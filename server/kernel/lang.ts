/** Which language a request wants answers in: the `lang` header, else body/query `lang`, else en. */
import type { FastifyRequest } from 'fastify';
import { HEADERS, normalizeLang, type Lang } from '../../core';

function field(obj: unknown, name: string): unknown {
  return obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[name] : undefined;
}

export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers[HEADERS.lang];
  const raw = (Array.isArray(header) ? header[0] : header) ?? field(req.body, 'lang') ?? field(req.query, 'lang');
  return normalizeLang(raw);
}
