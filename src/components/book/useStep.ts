import { useState } from 'react';
import { readJson, writeJson } from '../../lib/storage';
import { bookSteps } from './steps';

const KEY = 'book.steps';

/** The grouping step a trader picked for a pair, remembered per symbol; the pair's tick until then. */
export function useBookStep(
  symbol: string,
  priceDecimals: number,
): { steps: string[]; step: string; setStep: (s: string) => void } {
  const steps = bookSteps(priceDecimals);
  const [picked, setPicked] = useState<Record<string, string>>(
    () => (readJson<Record<string, string>>(KEY) ?? {}) as Record<string, string>,
  );
  const saved = picked[symbol];
  const step = saved && steps.includes(saved) ? saved : steps[0];
  const setStep = (s: string) => {
    const next = { ...picked, [symbol]: s };
    setPicked(next);
    writeJson(KEY, next);
  };
  return { steps, step, setStep };
}
