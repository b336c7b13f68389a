export { default } from '../setting/areas';
