/**
 * Overlapping loads of one list (a filter clicked while the last filter's answer is still on the
 * way) may answer in any order. Each load takes a ticket; only the newest ticket may write, so a
 * slow answer for the old filter never paints over the new one.
 */
export function latestWins(): () => () => boolean {
  let newest = 0;
  return () => {
    const mine = ++newest;
    return () => mine === newest;
  };
}
