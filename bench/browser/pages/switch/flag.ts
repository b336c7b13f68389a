/** `?book=0` on a bench page: the terminal screens render without their book and trades (the baseline). */
export function benchNoBook(): boolean {
  return new URLSearchParams(location.search).get('book') === '0';
}
