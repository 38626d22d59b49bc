export { PrintButton } from './PrintButton';
export { PrintPage } from './PrintPage';
