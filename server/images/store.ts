/*
 * Moved to server/services/pictures/pictures.ts (issue 32). Kept only for server/images/worker.ts,
 * which the runner's change rewrites: delete this file once the worker imports from there.
 */
export { PictureRejectedError, storePicture } from '../services/pictures/pictures.ts';
