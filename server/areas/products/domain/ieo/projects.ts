/** IEO projects (/project, /project/detail): status from the clock, counts from the orders. */
import { sql, type Selectable } from 'kysely';
import {
  ExactDecimal,
  type IeoPayCurrency,
  type IeoProject,
  type IeoProjectDetail,
  type IeoStatus,
  type Lang,
  type Page,
} from '../../../../../core';
import type { ProductsTables } from '../../tables';
import { AppError } from '../../../../errors';
import type { Db } from '../../../../db/schema';
import { canon } from '../../../../kernel/decimal';
import { type Paging } from '../../../../kernel/paging';
import { localised } from '../../../../kernel/localised';

export type ProjectRow = Selectable<ProductsTables['ieo_projects']>;

const DAY_MS = 86_400_000;

/** warm-up before start_at, in progress until end_at, then finished. */
export function ieoStatus(p: Pick<ProjectRow, 'start_at' | 'end_at'>, nowMs: number): IeoStatus {
  if (nowMs < p.start_at.getTime()) return 'warmup';
  return nowMs < p.end_at.getTime() ? 'in_progress' : 'finished';
}

async function payCurrencies(db: Db, projectIds: readonly number[]): Promise<Map<number, IeoPayCurrency[]>> {
  const out = new Map<number, IeoPayCurrency[]>();
  if (!projectIds.length) return out;
  const rows = await db
    .selectFrom('ieo_pay_currencies')
    .innerJoin('currencies', 'currencies.id', 'ieo_pay_currencies.currency_id')
    .select([
      'ieo_pay_currencies.project_id',
      'ieo_pay_currencies.currency_id',
      'currencies.name',
      'ieo_pay_currencies.price',
    ])
    .where('ieo_pay_currencies.project_id', 'in', [...projectIds])
    .orderBy('ieo_pay_currencies.sort')
    .orderBy('ieo_pay_currencies.currency_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.project_id) ?? [];
    list.push({ currency_id: r.currency_id, currency_name: r.name, price: canon(r.price) });
    out.set(r.project_id, list);
  }
  return out;
}

interface Counts {
  applied: string;
  applied_count: number;
  passed_count: number;
}

async function counts(db: Db, ids: readonly number[]): Promise<Map<number, Counts>> {
  const out = new Map<number, Counts>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('ieo_orders')
    .select((eb) => [
      'project_id',
      eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('applied'),
      eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) FILTER (WHERE status = 'passed')`.as('passed'),
    ])
    .where('project_id', 'in', [...ids])
    .groupBy('project_id')
    .execute();
  for (const r of rows)
    out.set(r.project_id, { applied: canon(r.applied), applied_count: Number(r.n), passed_count: Number(r.passed) });
  return out;
}

function toDto(p: ProjectRow, pays: IeoPayCurrency[], c: Counts | undefined, nowMs: number): IeoProject {
  const applied = c?.applied ?? '0';
  return {
    id: p.id,
    name: p.name,
    symbol: p.symbol,
    token_currency_id: p.token_currency_id,
    logo: p.logo,
    issue_price: canon(p.issue_price),
    pay_currencies: pays,
    total_issuance: canon(p.total_issuance),
    applied_amount: applied,
    // 60 digits: an 18-decimal amount just under a 4-decimal step must not round up onto it
    progress: canon(
      new ExactDecimal(applied).div(p.total_issuance).toDecimalPlaces(4, ExactDecimal.ROUND_DOWN).toFixed(),
    ),
    applied_count: c?.applied_count ?? 0,
    passed_count: c?.passed_count ?? 0,
    min_amount: canon(p.min_amount),
    max_amount: p.max_amount === null ? null : canon(p.max_amount),
    lock_days: p.lock_days,
    start_at: p.start_at.toISOString(),
    end_at: p.end_at.toISOString(),
    cycle_days: Math.floor((p.end_at.getTime() - p.start_at.getTime()) / DAY_MS),
    listing_at: p.listing_at.toISOString(),
    white_paper: p.white_paper,
    website: p.website,
    status: ieoStatus(p, nowMs),
    finalised: p.finalised_at !== null,
  };
}

const RANK: Record<IeoStatus, number> = { in_progress: 0, warmup: 1, finished: 2 };

/** In progress first, then warm-up, then finished; newest first inside each. */
export async function listProjects(db: Db, nowMs: number, q: Paging): Promise<Page<IeoProject>> {
  const now = new Date(nowMs);
  const rank = sql<number>`CASE WHEN start_at <= ${now} AND end_at > ${now} THEN 0 WHEN start_at > ${now} THEN 1 ELSE 2 END`;
  const [rows, total] = await Promise.all([
    db
      .selectFrom('ieo_projects')
      .selectAll()
      .orderBy(rank)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    db
      .selectFrom('ieo_projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const [pays, c] = await Promise.all([payCurrencies(db, ids), counts(db, ids)]);
  const list = rows.map((p) => toDto(p, pays.get(p.id) ?? [], c.get(p.id), nowMs));
  list.sort((a, b) => RANK[a.status] - RANK[b.status]);
  return { list, page: q.page, limit: q.limit, total: Number(total.n) };
}

export async function projectRow(db: Db, id: number): Promise<ProjectRow> {
  const p = await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw new AppError('product_not_found');
  return p;
}

export async function projectDetail(
  db: Db,
  nowMs: number,
  id: number,
  userId: number,
  lang: Lang = 'en',
): Promise<IeoProjectDetail> {
  const p = await projectRow(db, id);
  const [pays, c] = await Promise.all([payCurrencies(db, [id]), counts(db, [id])]);
  let mine = { applied: '0', allotted: '0' };
  if (userId) {
    const r = await db
      .selectFrom('ieo_orders')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('applied'),
        eb.fn.coalesce(eb.fn.sum<string>('allotted'), sql<string>`0`).as('allotted'),
      ])
      .where('project_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    mine = { applied: canon(r.applied), allotted: canon(r.allotted) };
  }
  return {
    ...toDto(p, pays.get(id) ?? [], c.get(id), nowMs),
    description: localised(p.description, p.descriptions, lang),
    my_applied: mine.applied,
    my_allotted: mine.allotted,
  };
}
