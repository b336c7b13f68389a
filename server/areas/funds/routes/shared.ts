/** Request-shape helpers shared by the funds route modules (paging: kernel/paging). */
export { id as idField, optText } from '../../../kernel/fields';
