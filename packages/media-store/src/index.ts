export { folderStore } from "./folder-store.ts";
export { rememberStats } from "./remember.ts";
export { MediaStoreError, s3Store, type S3StoreOptions } from "./s3-store.ts";
export { contentTypeOf, isMediaKey, type MediaFile, type MediaInfo, type MediaStore } from "./store.ts";
