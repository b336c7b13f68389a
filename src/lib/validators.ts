/**
 * Spec §5 field rules as pure predicates; the i18n message keys live beside them so every form
 * says the same thing for the same rule.
 */
export const isEmail = (v: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v.trim());

/** spec §5: 11 digits, starts with 1, second digit 3-9 */
export const isMobile = (v: string): boolean => /^1[3-9]\d{9}$/.test(v.trim());

export const isCode = (v: string, n = 6): boolean => new RegExp(`^\\d{${n}}$`).test(v.trim());

/** spec §5: amounts with up to 10 decimals */
export const isAmount = (v: string): boolean => /^(0|[1-9]\d*)(\.\d{1,10})?$/.test(v.trim());
