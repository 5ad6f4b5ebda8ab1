import { useTranslation } from 'react-i18next';

const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/**
 * Where an account's service is, in words a clerk reads: "Local sandbox" for the demo,
 * "This computer" for another local address, else the service's host name without a port
 * ("connect.signatura.co") — never a raw loopback address.
 */
export function useServiceLabel() {
  const { t } = useTranslation();
  return (account: { baseUrl: string; demo: boolean }): string => {
    if (account.demo) return t('accountSwitcher.sandbox');
    try {
      const host = new URL(account.baseUrl).hostname;
      return loopback.test(host) ? t('accountSwitcher.thisComputer') : host;
    } catch {
      return account.baseUrl;
    }
  };
}
