// The persisted GraphQL documents, by operation name (build.mjs makes this module).
declare module 'studio:operations' {
  const documents: Record<string, string>;
  export default documents;
}
