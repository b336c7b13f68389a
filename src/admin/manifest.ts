/**
 * A blind-box manifest as an operator writes it, one prize a line: "Golden Koi: 2". Answers the
 * server's JSON, or null when a line is not "name: count".
 */
export function parseManifest(text: string): string | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const out: { prize: string; count: number }[] = [];
  for (const l of lines) {
    const m = /^(.{1,80}?)\s*[:：×x*]\s*(\d{1,6})$/.exec(l);
    if (!m) return null;
    out.push({ prize: m[1].trim(), count: Number(m[2]) });
  }
  return out.some((p) => p.count > 0) ? JSON.stringify(out) : null;
}

/** The server's manifest back as the operator writes it, one "name: count" a line. */
export function manifestText(entries: readonly { prize: string; count: number }[]): string {
  return entries.map((e) => `${e.prize}: ${e.count}`).join('\n');
}
