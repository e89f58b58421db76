/** What other features use of extracts: only through here (issue "Floors, enforced"). */
export { useProgressReportOptions, useSetDefaultExtract } from './api/use-progress-report';
export { CreateExtractDialog } from './components/create-extract-dialog';
export { MakeProgressReportButton } from './components/progress-report-button';
