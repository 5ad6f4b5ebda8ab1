/*
 * What Settings → Accounts takes from features/accounts (the only file here that imports another
 * feature): the account form, the key check in words, and the actions on one account.
 */
export { AccountForm } from '../accounts/account-form';
export { KeyCheckNotice } from '../accounts/key-check-notice';
export { useRemoveAccount, useSelectAccount, useTestAccount } from '../accounts/account-actions';
