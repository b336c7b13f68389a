export { DecimalInput, type DecimalInputProps } from './DecimalInput';
export { AmountField, type AmountFieldProps } from './AmountField';
export { PercentShortcuts } from './PercentShortcuts';
export { decimalSeparator, fractionOf, judgeText, toLocaleText } from './decimal-text';
export { TextField, type TextFieldProps } from './TextField';
