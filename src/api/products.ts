import type {
  DualDetail,
  DualDetailRow,
  DualIndexAnswer,
  DualIndexQuery,
  DualListQuery,
  DualOrder,
  DualProduct,
  IeoAllocation,
  IeoDetailAnswer,
  IeoOrder,
  IeoOrderInput,
  IeoProject,
  IeoProjectDetail,
  IeoProjectRow,
  LockConfig,
  LockConfigRow,
  LockKind,
  LockOrder,
  LockOrderStatus,
  Page,
} from '../../core';
import { fromDualRow, fromIeoRow, fromLockConfigRow } from '../../core';
import { get, post } from './client';

/**
 * Financial products (spec §7 "Dual invest", "Lock mining", "IEO"). Shapes: core/types/products.ts.
 * Reads are quiet (the pages show their own skeleton / error states); money-moving POSTs toast
 * the server's translated error, which is what the user needs to see.
 */

const q = { quiet: true } as const;
/** Purchases, deposits, redemptions and subscriptions carry an idempotency key (run once). */
const once = { idempotent: true } as const;

// dual invest
// the answers carry the family's names (WIRE.md); the pages read ours, mapped back here
export function dualIndex(query: DualIndexQuery): Promise<DualProduct[]> {
  return get<DualIndexAnswer>('/dual/index', { ...query }, q).then((a) =>
    a.dual_currencys.map((r) => fromDualRow<DualProduct>(r)),
  );
}
export function dualDetail(id: number): Promise<DualDetail> {
  return get<DualDetailRow>('/dual/detail', { id }, q).then((r) => fromDualRow<DualDetail>(r));
}
export function buyDual(id: number, num: number): Promise<DualOrder> {
  return post<DualOrder>('/dual/buyDual', { id, num }, once);
}
export function dualList(query: DualListQuery): Promise<Page<DualOrder>> {
  return post<Page<DualOrder>>('/dual/dual_list', { ...query }, q);
}

// lock-up mining (also DeFi and cloud mining)
export function lockConfigs(kind?: LockKind): Promise<LockConfig[]> {
  return get<LockConfigRow[]>('/lh/deposit/config', kind ? { kind } : undefined, q).then((rows) =>
    rows.map(fromLockConfigRow),
  );
}
export function lockDeposit(config_id: number, amount: string): Promise<LockOrder> {
  return post<LockOrder>('/lh/deposit', { config_id, amount }, once);
}
export function lockOrders(page: number, limit: number, status?: LockOrderStatus): Promise<Page<LockOrder>> {
  return get<Page<LockOrder>>('/lh/deposit/order', { page, limit, status }, q);
}
export function lockCancel(id: number): Promise<LockOrder> {
  return post<LockOrder>('/lh/deposit/order/cancel', { id }, once);
}

// IEO
// the answers carry the family's time_status / percentage and detail under `info` (WIRE.md)
export function ieoProjects(page: number, limit: number): Promise<Page<IeoProject>> {
  return get<Page<IeoProjectRow>>('/project', { page, limit }, q).then((p) => ({
    ...p,
    list: p.list.map((r) => fromIeoRow<IeoProject>(r)),
  }));
}
export function ieoDetail(project_id: number): Promise<IeoProjectDetail> {
  return get<IeoDetailAnswer>('/project/detail', { project_id }, q).then((a) => fromIeoRow<IeoProjectDetail>(a.info));
}
export function ieoSubscribe(input: IeoOrderInput): Promise<IeoOrder> {
  return post<IeoOrder>('/project/order', { ...input }, once);
}
/** A finalised project's published allocation (every subscription's amount, no users). */
export function ieoAllocation(project_id: number): Promise<IeoAllocation> {
  return get<IeoAllocation>('/project/allocation', { project_id }, q);
}
export function ieoOrders(page: number, limit: number, project_id?: number): Promise<Page<IeoOrder>> {
  return get<Page<IeoOrder>>('/user/project/order', { page, limit, project_id }, q);
}
