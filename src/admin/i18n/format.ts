/**
 * Dates and figures as the back office shows them, in the shown language's own way: Chinese dates
 * year first ("2026/11/26 09:30"), English month first, both 24-hour (operators compare times
 * across a shift); amounts exact, grouped by the language's marks, without trailing zeros (core's
 * one number rule). A value that is not a date or a decimal is shown as it came.
 */
import { formatAmount, groupNumber, numberMarks } from '../../../core';
import type { AdminLang } from './lang';

const TAG: Record<AdminLang, string> = { en: 'en-US', zh: 'zh-CN' };
const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface AdminFormat {
  /** date and time to the minute */
  dateTime: (v: number | string | null | undefined) => string;
  /** date and time to the second (logs, journals) */
  dateTimeSec: (v: number | string | null | undefined) => string;
  date: (v: number | string | null | undefined) => string;
  time: (v: number | string | null | undefined) => string;
  /** an exact decimal string (or an integer) with the language's grouping */
  num: (v: string | number | null | undefined) => string;
}

function dateOf(v: number | string): Date | null {
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function adminFormat(lang: AdminLang): AdminFormat {
  const make = (o: Intl.DateTimeFormatOptions) => {
    const f = new Intl.DateTimeFormat(TAG[lang], { hourCycle: 'h23', ...o });
    return (v: number | string | null | undefined) => {
      if (v === null || v === undefined || v === '') return '—';
      const d = dateOf(v);
      return d ? f.format(d) : String(v);
    };
  };
  const ymd = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const hm = { hour: '2-digit', minute: '2-digit' } as const;
  const marks = numberMarks(lang);
  return {
    dateTime: make({ ...ymd, ...hm }),
    dateTimeSec: make({ ...ymd, ...hm, second: '2-digit' }),
    date: make(ymd),
    time: make({ ...hm, second: '2-digit' }),
    num: (v) => {
      if (v === null || v === undefined || v === '') return '—';
      const s = String(v);
      return DECIMAL.test(s) ? groupNumber(formatAmount(s, 18), marks) : s;
    },
  };
}
