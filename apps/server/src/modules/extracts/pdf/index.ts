/**
 * The extract PDF (issue 10; spec part 2 §9; D36): a pure renderer. The caller (the extract job)
 * loads what the requesting user may read (the evaluation and information form as their rights
 * show them, the extract blueprint's settings, its logo through the storage adapter) and passes it
 * in; nothing here reads the database.
 */
export { extractDocument } from './document.ts';
export { EXTRACT_PDF_LABEL_KEYS, type ExtractPdfLabels, extractPdfLabels } from './labels.ts';
export {
  type EvaluationView,
  type ExtractReport,
  type ExtractSettings,
  extractReport,
  type ModelInput,
} from './model.ts';
export {
  drawExtractPdf,
  type ExtractLogo,
  type ExtractPdfInput,
  extractPdfDefinition,
  logoDataUrl,
  renderExtractPdf,
  renderPdf,
} from './render.ts';
export { resolveStudentName } from './student-name.ts';
