/** The scanning screens of storage locations (issue 29): putaway, picking and moves by scanning. */
export { PutawayPage } from './PutawayPage';
export { PickPage } from './PickPage';
export { MovePage } from './MovePage';
export { floorApi, FLOOR_PATHS } from './floorApi';
export { floorMessages } from './messages';
export { floorRoutes, PUTAWAY_ROUTE, PICK_ROUTE, MOVE_ROUTE } from './routes';
