/*
 * What the welcome screen takes from other features (the only file here that imports one): the
 * account form and the refresh after the sandbox account is added (features/accounts), and the way
 * into the Evidence page with no account (features/evidence).
 */
export { AccountForm } from '../accounts/account-form';
export { refreshAccounts } from '../accounts/account-actions';
export { useEvidenceStore } from '../evidence/evidence-store';
export { useOpenArchive } from '../evidence/use-open-archive';
