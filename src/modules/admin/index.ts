// Administration, profile and home screens (issue 21).
export { AdminPage } from './AdminPage';
export { HomePage } from './HomePage';
export { ProfilePage } from './ProfilePage';
