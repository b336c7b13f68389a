import { describe, expect, it } from 'vitest';
import { bookSteps, stepDecimals } from './steps';

describe('book steps', () => {
  it('offers the tick and three coarser powers of ten', () => {
    expect(bookSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(bookSteps(4)).toEqual(['0.0001', '0.001', '0.01', '0.1']);
    expect(bookSteps(0)).toEqual(['1', '10', '100', '1000']);
  });

  it('shows a grouped price with the step decimals, never more than the pair has', () => {
    expect(stepDecimals('10', 2)).toBe(0);
    expect(stepDecimals('0.1', 2)).toBe(1);
    expect(stepDecimals('0.01', 2)).toBe(2);
    expect(stepDecimals('0.0001', 2)).toBe(2);
  });
});
