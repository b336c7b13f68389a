const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A trade time in the user's zone: "2026-11-21 07:52:03". */
export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '--';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
