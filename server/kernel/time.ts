/** a timestamp as the API answers it (ISO 8601), null when absent */
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** a timestamp as epoch milliseconds (the copy-trading answers' unit), null when absent */
export function epochMs(d: Date | null): number | null {
  return d ? d.getTime() : null;
}
