/** What the rest of the server uses of resources: only through here (issue "Floors, enforced"). */
export { deleteResource, findResource, insertResource, setResourceContent } from './repository.ts';
export { createResource, openResourceThumbnail, storeResourceContent } from './service.ts';
export { thumbnailKey } from './thumbnails.ts';
export { singleFilePart } from './upload-part.ts';
