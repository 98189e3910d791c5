// fflate's zip writer alone, loaded on first use by "Export all (ZIP)" (lib/export-png.ts). A dynamic
// import of 'fflate' itself would keep every export of the library (inflate, gzip, streams…): about
// 12 kB gzip instead of the few kB zipSync needs.
export { zipSync } from 'fflate';
