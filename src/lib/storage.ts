/**
 * The one place that touches localStorage. Private-mode Safari and full quotas throw on write;
 * the app must keep working in memory when that happens, so every call is guarded.
 */
export function readJson<T>(key: string): Partial<T> | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' ? (v as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* quota or private mode: the in-memory store stays authoritative */
  }
}

/** Spec §9: a stored h5Version below the current one clears local storage, then records it. */
export function migrateStorage(current: number): void {
  try {
    const stored = Number(localStorage.getItem('h5Version') ?? '0');
    if (!(stored >= current)) {
      localStorage.clear();
      localStorage.setItem('h5Version', String(current));
    }
  } catch {
    /* storage unavailable: nothing to migrate */
  }
}
