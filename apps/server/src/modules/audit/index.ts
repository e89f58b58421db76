/** What the rest of the server uses of the audit log (D57): only through here (issue "Floors, enforced"). */

export {
  describeChain,
  recordAudit,
  verifyAuditChain,
} from './repository.ts';
