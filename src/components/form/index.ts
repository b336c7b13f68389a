export { DecimalInput } from './DecimalInput';
export { AmountField } from './AmountField';
export { TextField } from './TextField';
