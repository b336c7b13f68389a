/** Request-shape helpers shared by the funds route modules (paging: kernel/paging). */
export { id as idField, text, optText } from '../../../kernel/fields';
