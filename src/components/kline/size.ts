/** The pair view's chart takes what the phone has left below the figures (≈ 440 px at 390×844). */
export function pairChartHeight(): number {
  return Math.round(Math.min(560, Math.max(280, window.innerHeight - 400)));
}
