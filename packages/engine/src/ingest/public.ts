// @murmur/engine/ingest — the build's own pieces, for a reader that feeds the same sink another way
// (@murmur/engine-cluster's parallel build: worker threads parse byte ranges of an export file and fold
// their records into one RecordSink). Everything else uses `buildIndex` from the package root.
export { buildIndex, type ExportSource } from './build-index';
export { RecordSink, type BuildOptions } from './record-sink';
export { LineReader, invalidLine, lineKind } from './read-line';
export { AccountTerms } from './account-terms';
export { keepsText, type KeepPostText } from './post-builder';
export { actorsOf, countOf, PostTerms } from './post-terms';
export { LineSplitter } from '../parse/lines';
export { asExportRecord, type CatalogueRecord } from '../parse/records';
export { CATEGORICAL_FIELDS, FIELDS, fieldIndex } from '../postings/fields';
export { TermTable } from '../postings/term-table';
export type { AudienceIndex } from '../postings/audience-index';
