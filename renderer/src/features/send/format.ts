import { useTranslation } from 'react-i18next';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Sizes and durations in words of the UI language ("1.4 MB", "About 2 min"). */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const say = t as unknown as Translate;
  const number = (value: number, digits: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  return {
    bytes(bytes: number): string {
      if (bytes < 1024) return say('send.units.bytes', { value: number(bytes, 0) });
      if (bytes < 1024 * 1024) return say('send.units.kb', { value: number(bytes / 1024, bytes < 10 * 1024 ? 1 : 0) });
      if (bytes < 1024 ** 3) return say('send.units.mb', { value: number(bytes / 1024 ** 2, 1) });
      return say('send.units.gb', { value: number(bytes / 1024 ** 3, 1) });
    },
    duration(seconds: number): string {
      const whole = Math.max(0, Math.ceil(seconds));
      if (whole < 60) return say('send.units.seconds', { count: whole });
      if (whole < 3600) return say('send.units.minutes', { count: Math.ceil(whole / 60) });
      return say('send.units.hours', { hours: Math.floor(whole / 3600), minutes: Math.round((whole % 3600) / 60) });
    },
  };
}
