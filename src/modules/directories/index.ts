// The directories module: the screen /{space_id}/directories and the workbench's directories tab.
export { DirectoriesPage } from './DirectoriesPage';
