/** The part of @koa/multer this service uses (the package ships no types; it wraps multer). */
declare module '@koa/multer' {
  import type { Middleware } from 'koa';
  import type { Options, StorageEngine } from 'multer';

  interface KoaMulter {
    single(field: string): Middleware;
    array(field: string, maxCount?: number): Middleware;
    fields(fields: readonly { name: string; maxCount?: number }[]): Middleware;
  }
  interface KoaMulterFactory {
    (options?: Options): KoaMulter;
    memoryStorage(): StorageEngine;
  }
  const multer: KoaMulterFactory;
  export default multer;
}
