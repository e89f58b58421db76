/** What the rest of the server uses of resources: only through here (issue "Floors, enforced"). */
export { deleteResource, insertResource, setResourceContent } from './repository.ts';
export { thumbnailKey } from './thumbnails.ts';
