/** What other features use of extracts: only through here (issue "Floors, enforced"). */
export { CreateExtractDialog } from './components/create-extract-dialog';
