/**
 * An IEO project between the domain's names (`status` warm-up / in progress / finished, `progress`
 * a fraction) and the family's wire names (`time_status` 1/2/3, `percentage` in percent): the
 * server answers with toIeoRow, our app reads the answer back with fromIeoRow. Exact decimals.
 */
import { IEO_TIME_STATUS, type IeoProject, type IeoStatus, type IeoTimeStatus, type IeoWire } from '../types/ieo';
import { ExactDecimal } from './exact';

const STATUS_OF = Object.fromEntries(Object.entries(IEO_TIME_STATUS).map(([s, code]) => [code, s])) as Record<
  IeoTimeStatus,
  IeoStatus
>;

export function toIeoRow<T extends IeoProject>(p: T): IeoWire<T> {
  const { status, progress, ...rest } = p;
  return { ...rest, time_status: IEO_TIME_STATUS[status], percentage: new ExactDecimal(progress).times(100).toFixed() };
}

export function fromIeoRow<T extends IeoProject>(r: IeoWire<T>): T {
  const { time_status, percentage, ...rest } = r;
  return {
    ...rest,
    status: STATUS_OF[time_status],
    progress: new ExactDecimal(percentage).div(100).toFixed(),
  } as unknown as T;
}
