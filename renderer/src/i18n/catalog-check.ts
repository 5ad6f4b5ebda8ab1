import type { ErrorCode } from '../../../shared';
import type { Catalog } from './en';

/*
 * Compile-time checks of the catalogs (no runtime code). `es.ts` is typed `Catalog`, so its keys match
 * English; here, every error code the host may send (shared/contract/error-codes.ts) must have a
 * message under `errors`. A missing one fails `tsc` with its name in the message.
 */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type CodesWithoutMessage = Exclude<ErrorCode, Leaves<Catalog['errors']>>;

export type EveryErrorCodeHasAMessage = [CodesWithoutMessage] extends [never] ? true : { missing: CodesWithoutMessage };
export const everyErrorCodeHasAMessage: EveryErrorCodeHasAMessage = true;
