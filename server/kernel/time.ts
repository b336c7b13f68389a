/** a timestamp as the API answers it (ISO 8601), null when absent */
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}
